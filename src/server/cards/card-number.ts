import { randomInt } from 'node:crypto'
import { passesLuhn } from '#server/providers/sandbox-card-acquirer.ts'

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
