import { describe, expect, it } from 'vitest'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { billShortfall } from './bill-shortfall.ts'

const ngn: Wallet = {
  id: 'wallet-ngn',
  userId: 'user',
  currencyId: 1,
  balance: '5000.00',
  isPrimary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currency: { id: 1, code: 'NGN', symbol: '₦', name: 'Nigerian Naira', flagEmoji: '' },
}

describe('billShortfall', () => {
  it('is what the amount asks for beyond the balance, with no fee on top', () => {
    const amount: Money = { amountMinor: 500_050n, asset: 'NGN' }
    expect(billShortfall(amount, ngn)).toEqual({ amountMinor: 50n, asset: 'NGN' })
  })

  it('is null while the wallet holds enough, the whole balance included', () => {
    expect(billShortfall({ amountMinor: 500_000n, asset: 'NGN' }, ngn)).toBeNull()
    expect(billShortfall({ amountMinor: 1n, asset: 'NGN' }, ngn)).toBeNull()
  })

  it('is null with nothing to compare', () => {
    const amount: Money = { amountMinor: 900_000n, asset: 'NGN' }
    expect(billShortfall(null, ngn)).toBeNull()
    expect(billShortfall(amount, undefined)).toBeNull()
    expect(billShortfall({ amountMinor: 900_000n, asset: 'USD' }, ngn)).toBeNull()
  })
})
