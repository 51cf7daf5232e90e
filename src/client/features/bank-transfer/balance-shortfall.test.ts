import { describe, expect, it } from 'vitest'
import { money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { balanceShortfall } from './balance-shortfall.ts'
import { bankTransferCost } from './bank-transfer-cost.ts'

const ngn: Wallet = {
  id: 'wallet-ngn',
  userId: 'user',
  currencyId: 1,
  balance: '1000.00',
  isPrimary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currency: { id: 1, code: 'NGN', symbol: '₦', name: 'Nigerian Naira', flagEmoji: '' },
}

describe('balanceShortfall', () => {
  it('counts the fee on top of the amount', () => {
    // ₦1,000 with its 2% fee is ₦1,020: ₦20 more than the wallet holds.
    expect(balanceShortfall(ngn, bankTransferCost(money(100_000n, 'NGN')))).toEqual(
      money(2_000n, 'NGN'),
    )
  })

  it('is null while the wallet holds enough, or with nothing to compare', () => {
    const cost = bankTransferCost(money(98_000n, 'NGN'))
    expect(balanceShortfall(ngn, cost)).toBeNull()
    expect(balanceShortfall(undefined, cost)).toBeNull()
    expect(balanceShortfall(ngn, null)).toBeNull()
  })

  it('compares only money of the same currency', () => {
    expect(balanceShortfall(ngn, bankTransferCost(money(500_000n, 'ZAR')))).toBeNull()
  })
})
