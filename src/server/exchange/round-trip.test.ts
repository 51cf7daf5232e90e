import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chainRatesMicro, invertRateMicro } from '#server/market/find-rate.ts'
import { crossRateMicro, PRICE_SCALE } from '#server/reference/usd-prices.ts'
import { type AssetCode, exponentOf, money } from '#shared/money.ts'
import { priceAtRate } from './price-exchange.ts'

// Issue 32: exchanging 7.65 NGN for 0.01 USD (its fee rounded to nothing) and back for 15.30
// NGN made 7.61 NGN a cycle, paid by the house. However the customer chains exchanges, at
// whatever mid prices the market publishes, they never end with more value than they paid.

const CURRENCIES = [
  { id: 1, code: 'USD', symbol: '$' },
  { id: 2, code: 'NGN', symbol: '₦' },
  { id: 3, code: 'KES', symbol: 'KSh' },
  { id: 4, code: 'GBP', symbol: '£' },
] as const

/** A USD price of one unit, scaled by 10^18: from a millionth of a dollar to a thousand. */
const priceArb = fc.bigInt({ min: 10n ** 12n, max: 10n ** 21n })

/** The value at mid price of an amount, in USD scaled by 10^(18 + the asset's decimals). */
function midValue(amountMinor: bigint, asset: AssetCode, priceScaled: bigint, maxExponent: number) {
  return amountMinor * priceScaled * 10n ** BigInt(maxExponent - exponentOf(asset))
}

describe('exchanging back and forth', () => {
  it('never ends with more value at mid price than the customer paid', () => {
    fc.assert(
      fc.property(
        fc.tuple(priceArb, priceArb, priceArb, priceArb),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        (prices, startMinor, route) => {
          const priceOf = (index: number) => prices[index] ?? 1n
          let at = 0
          let holding = money(startMinor, CURRENCIES[0].code as AssetCode)
          // Everything the customer gave, valued at mid when they gave it.
          let paid = midValue(startMinor, holding.asset, priceOf(0), 2)
          let spentFees = 0n
          for (const next of route) {
            if (next === at) continue
            const from = CURRENCIES[at]
            const to = CURRENCIES[next]
            if (!from || !to) continue
            const rate = crossRateMicro(priceOf(at), priceOf(next))
            if (rate <= 0n) return
            // The customer exchanges all they hold, paying the fee on top from outside.
            let price: ReturnType<typeof priceAtRate>
            try {
              price = priceAtRate(from, to, holding, rate)
            } catch {
              return
            }
            spentFees += midValue(price.fee.amountMinor, from.code, priceOf(at), 2)
            const valueIn = midValue(price.totalDebit.amountMinor, from.code, priceOf(at), 2)
            const valueOut = midValue(price.receive.amountMinor, to.code, priceOf(next), 2)
            // Each step on its own gives back no more than it took.
            expect(valueOut <= valueIn).toBe(true)
            holding = price.receive
            at = next
          }
          paid += spentFees
          expect(midValue(holding.amountMinor, holding.asset, priceOf(at), 2) <= paid).toBe(true)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('the example of the issue: 7.65 NGN buys no cent, and the smallest that does comes back short', () => {
    // A naira at 1/1530 dollars.
    const naira = 10n ** BigInt(PRICE_SCALE) / 1530n
    const dollar = 10n ** BigInt(PRICE_SCALE)
    const [usd, ngn] = [CURRENCIES[0], CURRENCIES[1]]
    const toDollars = crossRateMicro(naira, dollar)
    expect(() => priceAtRate(ngn, usd, money(765n, 'NGN'), toDollars)).toThrow(
      'Amount is too small to exchange into USD',
    )
    const there = priceAtRate(ngn, usd, money(1532n, 'NGN'), toDollars)
    expect(there.receive).toEqual(money(1n, 'USD'))
    expect(there.fee).toEqual(money(8n, 'NGN'))
    const back = priceAtRate(usd, ngn, there.receive, crossRateMicro(dollar, naira))
    expect(back.receive.amountMinor).toBeLessThan(there.totalDebit.amountMinor)
  })

  it('derives reverse and chained rates that never give more than the rates they come from', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (a, b) => {
          const one = 10n ** 6n
          expect(a * invertRateMicro(a) <= one * one).toBe(true)
          expect(chainRatesMicro(a, b) * one <= a * b).toBe(true)
        },
      ),
    )
  })
})
