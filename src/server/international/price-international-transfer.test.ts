import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from '#shared/money.ts'
import { INTERNATIONAL_METHODS, INTERNATIONAL_REGIONS } from '#shared/schemas/international.ts'
import { priceAtRate } from './price-international-transfer.ts'

const [northAmerica, europe] = INTERNATIONAL_REGIONS
const britain = europe.countries[0]

describe('international pricing', () => {
  it('receives amount x rate rounded down, charges the fee on top rounded up, debits amount + fee', () => {
    const price = priceAtRate({
      region: europe,
      country: britain,
      method: 'cash_pickup',
      amount: money(15_000_000n, 'NGN'),
      // 1 naira buys 0.000516 pounds.
      rateMicro: 516n,
      receiveCurrencyId: 7,
    })
    expect(price.receive).toEqual(money(7740n, 'GBP'))
    expect(price.fee).toEqual(money(262_500n, 'NGN'))
    expect(price.totalDebit).toEqual(money(15_262_500n, 'NGN'))
  })

  it('for any amount, rate and method: amount + fee is debited and amount x rate received, rounded down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INTERNATIONAL_METHODS),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        (method, minor, rateMicro) => {
          const country = northAmerica.countries[1]
          let price: ReturnType<typeof priceAtRate>
          try {
            price = priceAtRate({
              region: northAmerica,
              country,
              method,
              amount: money(minor, 'USD'),
              rateMicro,
              receiveCurrencyId: 8,
            })
          } catch {
            // Refused only when nothing at all, or more than Sabi handles, would arrive.
            const exact = (minor * rateMicro) / 1_000_000n
            expect(exact < 1n || exact > 999_999_999_999_999n).toBe(true)
            return
          }
          expect(price.totalDebit.amountMinor).toBe(minor + price.fee.amountMinor)
          const under = minor * rateMicro - price.receive.amountMinor * 1_000_000n
          expect(under >= 0n && under < 1_000_000n).toBe(true)
          expect(price.receive.asset).toBe('CAD')
        },
      ),
    )
  })
})
