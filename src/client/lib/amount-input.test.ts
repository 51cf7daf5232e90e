import { describe, expect, it } from 'vitest'
import { isPositiveAmountText, majorToMinor, readAmountInput } from './amount-input.ts'

describe('isPositiveAmountText', () => {
  it('accepts plain positive numbers only', () => {
    expect(['10', '0.01', '.5', ' 25.50 '].map(isPositiveAmountText)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['', '0', '0.00', 'abc', '-5', '1e3', '1,000'].map(isPositiveAmountText)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('readAmountInput', () => {
  it('reads the amount in minor units of the currency', () => {
    expect(readAmountInput('25.5', 'usd')).toEqual({
      ok: true,
      value: { amountMinor: 2550n, asset: 'USD' },
    })
  })

  it('names what is wrong', () => {
    expect(readAmountInput('0', 'USD')).toEqual({ ok: false, problem: 'not_positive' })
    expect(readAmountInput('1.001', 'USD')).toEqual({ ok: false, problem: 'too_many_decimals' })
    expect(readAmountInput('1000000.01', 'NGN', majorToMinor(1_000_000n, 'NGN'))).toEqual({
      ok: false,
      problem: 'too_large',
    })
    expect(readAmountInput('1000000.00', 'NGN', majorToMinor(1_000_000n, 'NGN')).ok).toBe(true)
  })
})
