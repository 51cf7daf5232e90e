import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, money } from '#shared/money.ts'
import { walletShortfall } from './wallet-shortfall.ts'

const naira = (balance: string) => ({ balance, currency: { code: 'NGN' } })

describe('walletShortfall', () => {
  it('is what the total takes beyond the balance, to the kobo', () => {
    expect(walletShortfall(naira('1000.00'), money(396341n, 'NGN'))).toEqual(money(296341n, 'NGN'))
    expect(walletShortfall(naira('1000.00'), money(100000n, 'NGN'))).toBeNull()
    expect(walletShortfall(undefined, money(1n, 'NGN'))).toBeNull()
    expect(walletShortfall(naira('1.00'), null)).toBeNull()
    // Different currencies are never compared.
    expect(walletShortfall(naira('0.00'), money(1n, 'USD'))).toBeNull()
  })

  it('balance plus shortfall is exactly the total whenever the wallet is short', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (balanceMinor, totalMinor) => {
          const short = walletShortfall(
            naira(formatMoney(money(balanceMinor, 'NGN'))),
            money(totalMinor, 'NGN'),
          )
          if (totalMinor <= balanceMinor) expect(short).toBeNull()
          else expect(short && balanceMinor + short.amountMinor).toBe(totalMinor)
        },
      ),
    )
  })
})
