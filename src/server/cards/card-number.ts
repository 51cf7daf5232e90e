import { randomInt } from 'node:crypto'

/** The Luhn checksum every real card number passes, so a mistyped number is caught at once. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/** A test BIN in the Visa range that payment networks reserve for testing. */
export const TEST_BIN = '400012'

/** The digit that makes `partial` pass the Luhn check. */
export function luhnCheckDigit(partial: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (passesLuhn(`${partial}${digit}`)) return String(digit)
  }
  throw new Error('unreachable: one of ten digits always completes a Luhn number')
}

/** A new 16-digit, Luhn-valid card number on the test BIN, and a 3-digit CVV. */
export function newCardNumber(): { number: string; cvv: string } {
  const middle = Array.from({ length: 9 }, () => randomInt(10)).join('')
  const partial = `${TEST_BIN}${middle}`
  return {
    number: `${partial}${luhnCheckDigit(partial)}`,
    cvv: String(randomInt(1000)).padStart(3, '0'),
  }
}
