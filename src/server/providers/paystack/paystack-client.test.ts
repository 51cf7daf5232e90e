import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paystackAmount } from './paystack-client.ts'

describe('paystackAmount', () => {
  it('sends every amount a number holds exactly, and the same amount comes back as a bigint', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) }), (minor) => {
        expect(BigInt(paystackAmount(minor))).toBe(minor)
      }),
    )
  })

  it('refuses nothing, a negative amount and one a number would round', () => {
    expect(() => paystackAmount(0n)).toThrow(RangeError)
    expect(() => paystackAmount(-5n)).toThrow(RangeError)
    expect(() => paystackAmount(BigInt(Number.MAX_SAFE_INTEGER) + 2n)).toThrow(RangeError)
  })
})
