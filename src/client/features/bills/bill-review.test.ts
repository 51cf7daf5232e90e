import { describe, expect, it } from 'vitest'
import { type BillCustomer, findBiller } from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { billReview } from './bill-review.ts'

/** A translator that writes the key, so each test sees which message was chosen. */
const words = (key: string) => key

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

const biller = findBiller('electricity', 'ikeja-electric')
if (!biller) throw new Error('the Ikeja Electric biller is missing')

const customer: BillCustomer = {
  billType: 'electricity',
  provider: 'ikeja-electric',
  providerName: 'Ikeja Electric',
  accountNumber: '12345678901',
  customerName: 'Ada Obi',
  customerAddress: null,
}

describe('billReview', () => {
  it('names the verified customer and shows the amount as the total, with no fee', () => {
    expect(
      billReview(words, {
        biller,
        item: null,
        customer,
        customerNumber: '12345678901',
        amount: { amountMinor: 250_050n, asset: 'NGN' },
        wallet: ngn,
      }),
    ).toEqual({
      title: 'reviewTitle',
      recipient: { name: 'Ada Obi', detail: 'Ikeja Electric · 12345678901', verified: true },
      rows: [
        { label: 'reviewAmount', value: '₦2,500.50' },
        { label: 'reviewFee', value: 'reviewNoFee' },
        { label: 'reviewTotal', value: '₦2,500.50', strong: true },
      ],
      note: 'reviewNote',
    })
  })

  it("shows the meter's address and the package bought, where there is one", () => {
    const dstv = findBiller('cabletv', 'dstv')
    if (!dstv) throw new Error('the DStv biller is missing')
    const review = billReview(words, {
      biller: dstv,
      item: dstv.items[1] ?? null,
      customer: { ...customer, customerAddress: '12 Allen Avenue, Ikeja' },
      customerNumber: '7023456789',
      amount: { amountMinor: 600_000n, asset: 'NGN' },
      wallet: ngn,
    })
    expect(review.rows.slice(0, 2)).toEqual([
      { label: 'customerAddress', value: '12 Allen Avenue, Ikeja' },
      { label: 'reviewPackage', value: 'DStv Yanga' },
    ])
  })

  it('shows a phone top-up by its number and network, never a name nor a confirmation', () => {
    const mtn = findBiller('mobile', 'mtn')
    if (!mtn) throw new Error('the MTN biller is missing')
    const review = billReview(words, {
      biller: mtn,
      item: mtn.items[0] ?? null,
      customer: {
        billType: 'mobile',
        provider: 'mtn',
        providerName: 'MTN',
        accountNumber: '08035550142',
        customerName: null,
        customerAddress: null,
      },
      customerNumber: '08035550142',
      amount: { amountMinor: 50_000n, asset: 'NGN' },
      wallet: ngn,
    })
    expect(review.recipient).toEqual({
      name: '0803 555 0142',
      detail: 'MTN · typeMobile',
      verified: false,
    })
  })
})
