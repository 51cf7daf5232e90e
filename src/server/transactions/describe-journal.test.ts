import { describe, expect, it } from 'vitest'
import { describeJournal, englishDescription } from './describe-journal.ts'

const journal = {
  type: 'send',
  asset: 'NGN',
  convertedAsset: null,
  convertedAmountMinor: null,
  fromWalletId: 'wallet',
  description: null,
}

describe('describeJournal', () => {
  it('gives the parts of a bill payment, whose description Sabi always writes', () => {
    const described = {
      kind: 'bill',
      billType: 'mobile',
      biller: 'MTN',
      numberKind: 'phone',
      number: '08031234567',
    } as const
    expect(englishDescription(described)).toBe('Airtime: MTN, phone number 08031234567')
    const payout = {
      kind: 'bill',
      details: { billType: 'mobile', providerName: 'MTN', customerNumber: '08031234567' },
    }
    expect(
      describeJournal(
        { ...journal, type: 'purchase', description: englishDescription(described) },
        payout,
      ),
    ).toEqual(described)
  })

  it("gives the parts of a live catalogue's bill, the kind of number read from its words", () => {
    const described = {
      kind: 'bill',
      billType: 'electricity',
      biller: 'IKEDC PREPAID',
      numberKind: 'meter',
      number: '45067123456',
    } as const
    const payout = {
      kind: 'bill',
      details: {
        billType: 'electricity',
        providerName: 'IKEDC PREPAID',
        customerNumber: '45067123456',
      },
    }
    const written = englishDescription(described)
    expect(written).toBe('Electricity: IKEDC PREPAID, meter number 45067123456')
    expect(describeJournal({ ...journal, type: 'purchase', description: written }, payout)).toEqual(
      described,
    )
    // A description that is not Sabi's words is the user's, shown as typed.
    expect(
      describeJournal({ ...journal, type: 'purchase', description: 'light bill' }, payout),
    ).toBeNull()
  })

  it("gives a bank transfer's parts only when the user typed no description", () => {
    const payout = { kind: 'bank', details: { accountName: 'Ngozi Eze', bankName: 'GTBank' } }
    const written = 'Bank transfer to Ngozi Eze, GTBank'
    expect(describeJournal({ ...journal, description: written }, payout)).toEqual({
      kind: 'bankTransfer',
      accountName: 'Ngozi Eze',
      bankName: 'GTBank',
    })
    expect(describeJournal({ ...journal, description: 'Rent for May' }, payout)).toBeNull()
  })

  it('gives exchanges, top-ups and crypto purchases from the journal itself', () => {
    expect(
      describeJournal(
        {
          ...journal,
          type: 'exchange',
          convertedAsset: 'USD',
          description: 'Exchanged NGN to USD',
        },
        null,
      ),
    ).toEqual({ kind: 'exchange', from: 'NGN', to: 'USD' })
    expect(
      describeJournal(
        { ...journal, type: 'add_funds', description: 'Added funds by bank transfer' },
        null,
      ),
    ).toEqual({ kind: 'addFunds', method: 'bank' })
    expect(
      describeJournal(
        {
          ...journal,
          type: 'purchase',
          asset: 'USD',
          convertedAsset: 'USDT',
          convertedAmountMinor: 4_992_434n,
          fromWalletId: null,
          description: 'Bought 4.992434 USDT at $1.00 by card',
        },
        null,
      ),
    ).toEqual({
      kind: 'cryptoPurchase',
      coin: 'USDT',
      quantity: '4.992434',
      priceUsd: '1.00',
      byCard: true,
    })
    // The price is read back from what buy-crypto.ts wrote, thousands separators and all.
    expect(
      describeJournal(
        {
          ...journal,
          type: 'purchase',
          asset: 'USD',
          convertedAsset: 'BTC',
          convertedAmountMinor: 222_222n,
          description: 'Bought 0.00222222 BTC at $45,000.00',
        },
        null,
      ),
    ).toMatchObject({ kind: 'cryptoPurchase', priceUsd: '45000.00', byCard: false })
  })

  it("leaves a transfer's own note, a sale's and a request's text as the user typed them", () => {
    expect(describeJournal({ ...journal, description: 'Lunch' }, null)).toBeNull()
    expect(describeJournal({ ...journal, description: null }, null)).toBeNull()
    expect(describeJournal({ ...journal, type: 'receive', description: 'POS Sale' }, null)).toEqual(
      { kind: 'posSale' },
    )
    expect(describeJournal({ ...journal, description: 'Payment request' }, null)).toEqual({
      kind: 'paymentRequest',
    })
  })

  it('reads back money staff moved, with the transaction and the report it answers', () => {
    const cases = [
      { type: 'refund' as const, reference: 'SB-7Q2K9XWA', report: 'DSP-1A2B3C4D' },
      { type: 'adjustment' as const, reference: 'SB-7Q2K9XWA', report: null },
      { type: 'correction' as const, reference: null, report: null },
    ]
    for (const parts of cases) {
      const description = englishDescription({ kind: 'staffMoney', ...parts })
      expect(describeJournal({ ...journal, type: parts.type, description }, null)).toEqual({
        kind: 'staffMoney',
        ...parts,
      })
    }
    expect(
      englishDescription({
        kind: 'staffMoney',
        type: 'refund',
        reference: 'SB-7Q2K9XWA',
        report: 'DSP-1A2B3C4D',
      }),
    ).toBe('Refund for SB-7Q2K9XWA (report DSP-1A2B3C4D)')
    // A customer's own note on a transfer is never taken for staff's words.
    expect(describeJournal({ ...journal, description: 'Refund for lunch' }, null)).toBeNull()
  })
})
