import { describe, expect, it } from 'vitest'
import { transactionDescription } from './server-texts.ts'

describe('transactionDescription', () => {
  it('words a crypto purchase with the price it was bought at, as Sabi stored it', () => {
    const bought = {
      kind: 'cryptoPurchase' as const,
      coin: 'BTC',
      quantity: '0.00222222',
      priceUsd: '45000.00',
      byCard: false,
    }
    expect(transactionDescription({ description: null, describedAs: bought })).toBe(
      'Bought 0.00222222\u00a0BTC at $45,000.00',
    )
    expect(
      transactionDescription({ description: null, describedAs: { ...bought, byCard: true } }),
    ).toBe('Bought 0.00222222\u00a0BTC at $45,000.00 by card')
  })

  it('words a purchase without a known price by its quantity alone', () => {
    expect(
      transactionDescription({
        description: null,
        describedAs: { kind: 'cryptoPurchase', coin: 'ETH', quantity: '0.5', byCard: false },
      }),
    ).toBe('Bought 0.50000000\u00a0ETH')
  })

  it('keeps a quantity and its code together in a description the user typed', () => {
    expect(transactionDescription({ description: ' rent 150.00 USD ' })).toBe(
      'rent 150.00\u00a0USD',
    )
  })
})
