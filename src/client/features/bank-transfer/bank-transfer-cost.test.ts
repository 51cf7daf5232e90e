import { describe, expect, it } from 'vitest'
import { formatMoney, money } from '#shared/money.ts'
import { bankFeePercentText, bankTransferCost } from './bank-transfer-cost.ts'

describe('bankTransferCost', () => {
  it('adds 2% on top of the amount', () => {
    const cost = bankTransferCost(money(100_000n, 'NGN'))
    expect([cost.fee, cost.total].map(formatMoney)).toEqual(['20.00', '1020.00'])
  })

  it('rounds the fee up to the minor unit, as the server charges it', () => {
    // 2% of 0.25 is 0.005 and of 0.24 is 0.0048: a whole kobo each, never nothing.
    expect(formatMoney(bankTransferCost(money(25n, 'NGN')).fee)).toBe('0.01')
    expect(formatMoney(bankTransferCost(money(24n, 'NGN')).fee)).toBe('0.01')
  })

  it('labels the fee as the server charges it', () => {
    expect(bankFeePercentText()).toBe('2%')
  })
})
