import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from '#shared/money.ts'
import { priceAtRate } from './price-exchange.ts'

const usd = { id: 1, code: 'USD', symbol: '$' } as const
const ngn = { id: 2, code: 'NGN', symbol: '₦' } as const

describe('exchange pricing', () => {
  it('receives amount x rate rounded half-up, charges 0.5% on top, debits amount + fee', () => {
    const price = priceAtRate(usd, ngn, money(10000n, 'USD'), 1530_000000n)
    expect(price.receive).toEqual(money(15300000n, 'NGN'))
    expect(price.fee).toEqual(money(50n, 'USD'))
    expect(price.totalDebit).toEqual(money(10050n, 'USD'))
  })

  it('for any amount and rate: the debit is amount + fee, and nothing is received beyond the rounding', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        (minor, rateMicro) => {
          let price: ReturnType<typeof priceAtRate>
          try {
            price = priceAtRate(ngn, usd, money(minor, 'NGN'), rateMicro)
          } catch {
            // Refused only when the amount converts to nothing at all.
            expect((minor * rateMicro * 2n) / 1_000_000n).toBeLessThan(1n)
            return
          }
          expect(price.totalDebit.amountMinor).toBe(minor + price.fee.amountMinor)
          // 0.5% half-up: within half a minor unit of the exact fee.
          expect(price.fee.amountMinor * 200n - minor).toBeLessThanOrEqual(100n)
          expect(minor - price.fee.amountMinor * 200n).toBeLessThan(100n)
          // amount x rate, half-up: within half a minor unit of the exact product.
          const exactTimes2 = (minor * rateMicro * 2n) / 1_000_000n
          expect(price.receive.amountMinor * 2n - exactTimes2).toBeLessThanOrEqual(1n)
          expect(exactTimes2 - price.receive.amountMinor * 2n).toBeLessThanOrEqual(1n)
        },
      ),
    )
  })
})
