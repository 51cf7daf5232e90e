import { describe, expect, it } from 'vitest'
import { money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { bankTransferCost } from './bank-transfer-cost.ts'
import { bankTransferReview } from './bank-transfer-review.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

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

const values = { bankCode: '058', accountNumber: '0123456789', accountName: 'adaeze okafor' }
const bankNames = new Map([['058', 'GTBank']])
const charges = bankTransferCost(money(100_000n, 'NGN'))

describe('bankTransferReview', () => {
  it("shows the bank's name for the holder, verified, and the amount, fee and total", () => {
    const review = bankTransferReview({
      t: words,
      wallet: ngn,
      charges,
      values,
      resolvedName: 'OKAFOR ADAEZE',
      bankNames,
    })
    expect(review).toEqual({
      title: 'reviewTitle',
      recipient: { name: 'OKAFOR ADAEZE', detail: 'GTBank · 0123456789', verified: true },
      rows: [
        { label: 'summaryAmount', value: '₦1,000.00' },
        { label: 'summaryFee {"percent":"2%"}', value: '₦20.00' },
        { label: 'summaryTotal', value: '₦1,020.00', strong: true },
      ],
      note: 'reviewArrival',
    })
  })

  it('shows the typed name, unverified, when the bank gave none or another one', () => {
    const unchecked = bankTransferReview({
      t: words,
      wallet: ngn,
      charges,
      values,
      resolvedName: null,
      bankNames: new Map(),
    })
    expect(unchecked.recipient).toEqual({
      name: 'adaeze okafor',
      detail: '058 · 0123456789',
      verified: false,
    })
    const other = bankTransferReview({
      t: words,
      wallet: ngn,
      charges,
      values,
      resolvedName: 'EMEKA OBI',
      bankNames,
    })
    expect(other.recipient).toEqual({
      name: 'EMEKA OBI',
      detail: 'GTBank · 0123456789',
      verified: false,
    })
  })

  it('warns that the typed name was not checked where the bank confirms no names', () => {
    const review = bankTransferReview({
      t: words,
      wallet: ngn,
      charges,
      values: { bankCode: '250655', accountNumber: '62001234567', accountName: 'Thabo Nkosi' },
      resolvedName: null,
      nameUnchecked: true,
      bankNames: new Map([['250655', 'FNB']]),
    })
    expect(review.recipient).toEqual({
      name: 'Thabo Nkosi',
      detail: 'FNB · 62001234567',
      verified: false,
      caution: 'nameNotCheckedReview {"bank":"FNB"}',
    })
  })
})
