import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '#client/i18n/i18n.ts'
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

  describe('money staff moved', () => {
    afterEach(() => setLanguage('en'))
    const refund = {
      kind: 'staffMoney' as const,
      type: 'refund' as const,
      reference: 'SB-7Q2K9XWA',
      report: 'DSP-1A2B3C4D',
    }

    it("is worded in the viewer's language, with the transaction and the report", async () => {
      expect(transactionDescription({ description: null, describedAs: refund })).toBe(
        'Refund for SB-7Q2K9XWA (report DSP-1A2B3C4D)',
      )
      await setLanguage('ha')
      expect(transactionDescription({ description: null, describedAs: refund })).toBe(
        'Mayar da kuɗin SB-7Q2K9XWA (rahoto DSP-1A2B3C4D)',
      )
    })

    it('is its type alone when it is for no transaction', () => {
      expect(
        transactionDescription({
          description: null,
          describedAs: { ...refund, type: 'adjustment', reference: null, report: null },
        }),
      ).toBe('Adjustment')
    })
  })
})
