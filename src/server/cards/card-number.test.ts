import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { passesLuhn } from '#server/cards/card-number.ts'
import { luhnCheckDigit, newCardNumber, TEST_BIN } from './card-number.ts'

describe('card numbers', () => {
  it('issues 16-digit Luhn-valid numbers on the test BIN with a 3-digit CVV', () => {
    for (let i = 0; i < 200; i++) {
      const { number, cvv } = newCardNumber()
      expect(number).toMatch(/^\d{16}$/)
      expect(number.startsWith(TEST_BIN)).toBe(true)
      expect(passesLuhn(number)).toBe(true)
      expect(cvv).toMatch(/^\d{3}$/)
    }
  })

  it('the check digit is the only one that passes, and a changed digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.integer({ min: 0, max: 14 }), (partial, at) => {
        const number = `${partial}${luhnCheckDigit(partial)}`
        expect(passesLuhn(number)).toBe(true)
        const digit = Number(number[at])
        const changed = `${number.slice(0, at)}${(digit + 1) % 10}${number.slice(at + 1)}`
        expect(passesLuhn(changed)).toBe(false)
      }),
    )
    expect(passesLuhn('4242424242424242')).toBe(true)
    expect(passesLuhn('4242424242424241')).toBe(false)
  })
})
