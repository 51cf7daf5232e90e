import { describe, expect, it } from 'vitest'
import { transactionPathOf } from './notification-target.ts'

describe('transactionPathOf', () => {
  const money = { amount: '1.00', currency: 'NGN', symbol: '₦' }
  const id = '00000000-0000-4000-8000-000000000001'

  it('opens the transaction of every money event', () => {
    expect(
      transactionPathOf({ kind: 'money_received', ...money, fromName: 'Ada', transactionId: id }),
    ).toBe(`/transactions/${id}`)
    expect(transactionPathOf({ kind: 'payout_failed', ...money, transactionId: id })).toBe(
      `/transactions/${id}`,
    )
    expect(
      transactionPathOf({ kind: 'pos_sale_paid', ...money, fromName: 'Ada', transactionId: id }),
    ).toBe(`/transactions/${id}`)
  })

  it('opens nothing for an alert about the account', () => {
    expect(transactionPathOf({ kind: 'password_changed' })).toBeUndefined()
    expect(transactionPathOf({ kind: 'two_factor_changed', enabled: true })).toBeUndefined()
  })

  it('keeps a stored id inside one path segment', () => {
    expect(
      transactionPathOf({ kind: 'payout_completed', ...money, transactionId: '../settings' }),
    ).toBe('/transactions/..%2Fsettings')
  })
})
