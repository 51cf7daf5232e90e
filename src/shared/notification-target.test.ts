import { describe, expect, it } from 'vitest'
import { notificationPathOf, transactionPathOf } from './notification-target.ts'

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

describe('notificationPathOf', () => {
  const id = '00000000-0000-4000-8000-000000000002'

  it("opens a report's own page for news of it", () => {
    expect(
      notificationPathOf({ kind: 'dispute_opened', disputeId: id, reference: 'DSP-7QX4R9TZ' }),
    ).toBe(`/disputes/${id}`)
    expect(
      notificationPathOf({
        kind: 'dispute_updated',
        disputeId: '../settings',
        reference: 'DSP-7QX4R9TZ',
        status: 'resolved',
        outcome: 'declined',
        note: 'The bank confirmed the credit',
      }),
    ).toBe('/disputes/..%2Fsettings')
  })

  it('opens the transaction of a money event, and nothing for an alert', () => {
    expect(
      notificationPathOf({
        kind: 'payout_failed',
        amount: '1.00',
        currency: 'NGN',
        symbol: '₦',
        transactionId: id,
      }),
    ).toBe(`/transactions/${id}`)
    expect(notificationPathOf({ kind: 'account_frozen' })).toBeUndefined()
  })
})
