import { describe, expect, it } from 'vitest'
import type { Money } from '#shared/money.ts'
import { findRegion } from '#shared/schemas/international.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { balanceShortfall } from './balance-shortfall.ts'

const usd: Wallet = {
  id: 'wallet-usd',
  userId: 'user',
  currencyId: 1,
  balance: '100.00',
  isPrimary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currency: { id: 1, code: 'USD', symbol: '$', name: 'US Dollar', flagEmoji: '' },
}

const northAmerica = findRegion('north-america')
if (!northAmerica) throw new Error('the North America region is missing')

describe('balanceShortfall', () => {
  it('counts the fee on top of the amount', () => {
    // A mobile wallet costs the high end of North America's 1.5-2.5%.
    const amount: Money = { amountMinor: 10_000n, asset: 'USD' }
    expect(balanceShortfall(usd, amount, northAmerica, 'mobile_wallet')).toEqual({
      total: { amountMinor: 10_250n, asset: 'USD' },
      short: { amountMinor: 250n, asset: 'USD' },
    })
  })

  it('is null while the wallet holds enough, or with nothing to compare', () => {
    const amount: Money = { amountMinor: 9_000n, asset: 'USD' }
    expect(balanceShortfall(usd, amount, northAmerica, 'bank_wire')).toBeNull()
    expect(balanceShortfall(undefined, amount, northAmerica, 'bank_wire')).toBeNull()
    expect(balanceShortfall(usd, null, northAmerica, 'bank_wire')).toBeNull()
  })
})
