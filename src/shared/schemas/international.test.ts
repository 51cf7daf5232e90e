import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, MAX_AMOUNT_MINOR, money } from '../money.ts'
import {
  basisPointsToPercent,
  feeBasisPointsFor,
  INTERNATIONAL_METHODS,
  INTERNATIONAL_REGIONS,
  internationalFeeOf,
  REGION_IDS,
} from './international.ts'

const regionArb = fc.constantFrom(...INTERNATIONAL_REGIONS)
const methodArb = fc.constantFrom(...INTERNATIONAL_METHODS)
const amountArb = fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR })

describe('international fees', () => {
  it('lists the six regions of docs/transfers.md in order, each with its fee range', () => {
    expect(INTERNATIONAL_REGIONS.map((region) => region.id)).toEqual([...REGION_IDS])
    expect(
      INTERNATIONAL_REGIONS.map((region) => [
        region.name,
        basisPointsToPercent(region.feeRangeBasisPoints.min),
        basisPointsToPercent(region.feeRangeBasisPoints.max),
      ]),
    ).toEqual([
      ['North America', '1.50', '2.50'],
      ['Europe', '1.50', '2.00'],
      ['Asia Pacific', '2.00', '3.00'],
      ['Middle East', '2.50', '3.50'],
      ['Caribbean', '3.00', '4.00'],
      ['Latin America', '2.50', '3.50'],
    ])
  })

  it('charges the low end for a bank wire, the middle for cash pickup, the high end for a mobile wallet', () => {
    const [northAmerica, europe] = INTERNATIONAL_REGIONS
    expect(INTERNATIONAL_METHODS.map((method) => feeBasisPointsFor(northAmerica, method))).toEqual([
      150n,
      200n,
      250n,
    ])
    expect(INTERNATIONAL_METHODS.map((method) => feeBasisPointsFor(europe, method))).toEqual([
      150n,
      175n,
      200n,
    ])
    // Rounded up: 2.5% of 1.00 is 0.025, charged as 0.03; 1.5% of 0.33 is 0.00495, charged as
    // 0.01, never nothing.
    expect(internationalFeeOf(money(100n, 'USD'), northAmerica, 'mobile_wallet')).toEqual(
      money(3n, 'USD'),
    )
    expect(internationalFeeOf(money(33n, 'USD'), northAmerica, 'bank_wire')).toEqual(
      money(1n, 'USD'),
    )
  })

  it('for every region, method and amount: the fee is inside the range, rounded up, and adds up', () => {
    fc.assert(
      fc.property(regionArb, methodArb, amountArb, (region, method, minor) => {
        const amount = money(minor, 'NGN')
        const fee = internationalFeeOf(amount, region, method)
        const { min, max } = region.feeRangeBasisPoints
        const bps = feeBasisPointsFor(region, method)
        expect(bps >= min && bps <= max).toBe(true)
        // Within the range, to the rounding of one minor unit.
        expect(fee.amountMinor * 10_000n >= minor * min).toBe(true)
        expect(fee.amountMinor * 10_000n < minor * max + 10_000n).toBe(true)
        // Rounded up: the charged fee is the exact one or less than a minor unit over it.
        const over = fee.amountMinor * 10_000n - minor * bps
        expect(over >= 0n && over < 10_000n).toBe(true)
        expect(add(amount, fee).amountMinor - fee.amountMinor).toBe(minor)
      }),
    )
  })

  it('never charges less for more, and never less for a faster method', () => {
    fc.assert(
      fc.property(regionArb, methodArb, amountArb, amountArb, (region, method, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const feeLow = internationalFeeOf(money(low, 'USD'), region, method)
        const feeHigh = internationalFeeOf(money(high, 'USD'), region, method)
        expect(feeLow.amountMinor <= feeHigh.amountMinor).toBe(true)
        const fees = INTERNATIONAL_METHODS.map(
          (each) => internationalFeeOf(money(low, 'USD'), region, each).amountMinor,
        )
        expect([...fees].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(fees)
      }),
    )
  })
})
