import { describe, expect, it } from 'vitest'
import { joinAmountCodes } from './join-amount-codes.ts'

describe('joinAmountCodes', () => {
  it('joins an amount to the code after it or before it', () => {
    expect(joinAmountCodes('Bought 0.00222222 BTC at $45,000.00')).toBe(
      'Bought 0.00222222\u00a0BTC at $45,000.00',
    )
    expect(joinAmountCodes('150.00 USD → 229 480,50 NGN')).toBe(
      '150.00\u00a0USD → 229 480,50\u00a0NGN',
    )
    expect(joinAmountCodes('Paid USD 12.50 today')).toBe('Paid USD\u00a012.50 today')
  })

  it('leaves words and lone numbers alone', () => {
    expect(joinAmountCodes('Sent 3 items to Ada')).toBe('Sent 3 items to Ada')
    expect(joinAmountCodes('A USD wallet')).toBe('A USD wallet')
  })
})
