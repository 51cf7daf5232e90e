import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMinor } from '#shared/money.ts'
import { priceOf } from './flutterwave-catalogue.ts'
import { flutterwaveAmount } from './flutterwave-client.ts'

describe("amounts between Sabi's kobo and Flutterwave's naira", () => {
  it('sends any bill amount as the exact number of naira it is', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1_000_000_000n }), (kobo) => {
        const naira = flutterwaveAmount(kobo)
        expect(naira.toFixed(2)).toBe(formatMinor(kobo, 2))
        expect(BigInt(Math.round(naira * 100))).toBe(kobo)
      }),
    )
  })

  it('refuses nothing-at-all and what a number cannot carry exactly', () => {
    expect(() => flutterwaveAmount(0n)).toThrow(RangeError)
    expect(() => flutterwaveAmount(2n ** 60n)).toThrow(RangeError)
  })

  it('reads a package price back into the kobo it was, and 0 as any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (kobo) => {
        const price = priceOf(kobo / 100)
        expect(price).toBe(formatMinor(BigInt(kobo), 2).replaceAll(',', ''))
      }),
    )
    expect(priceOf(0)).toBeNull()
    // Fractions of a kobo, and more than one bill may be, are not offered.
    expect(priceOf(10.005)).toBeUndefined()
    expect(priceOf(10_000_000.01)).toBeUndefined()
  })
})
