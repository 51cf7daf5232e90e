import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from '#shared/money.ts'
import { priceAtRate } from './price-exchange.ts'

const usd = { id: 1, code: 'USD', symbol: '$' } as const
const ngn = { id: 2, code: 'NGN', symbol: '₦' } as const

describe('exchange pricing', () => {
  it('receives amount x rate rounded down, charges 0.5% on top rounded up, debits amount + fee', () => {
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
            // Refused only when the amount converts to less than one minor unit.
            expect((minor * rateMicro) / 1_000_000n).toBeLessThan(1n)
            return
          }
          expect(price.totalDebit.amountMinor).toBe(minor + price.fee.amountMinor)
          // 0.5% rounded up: at least the exact fee, less than a minor unit over it.
          expect(price.fee.amountMinor * 200n).toBeGreaterThanOrEqual(minor)
          expect(price.fee.amountMinor * 200n - minor).toBeLessThan(200n)
          // amount x rate rounded down: never more than the exact product, less than a unit under.
          const exactTimesMillion = minor * rateMicro
          expect(price.receive.amountMinor * 1_000_000n).toBeLessThanOrEqual(exactTimesMillion)
          expect(exactTimesMillion - price.receive.amountMinor * 1_000_000n).toBeLessThan(
            1_000_000n,
          )
        },
      ),
    )
  })
})
