import { describe, expect, it } from 'vitest'
import { headlineAmountSize } from './headline-amount-size.ts'

describe('headlineAmountSize', () => {
  it('gets smaller as the amount gets longer', () => {
    expect(headlineAmountSize('₦3,500.00')).toBe('text-3xl')
    expect(headlineAmountSize('-₦987,654.00')).toBe('text-2xl sm:text-3xl')
    expect(headlineAmountSize('999 999 999,99 ₦')).toBe('text-xl sm:text-3xl')
  })
})
