import { describe, expect, it } from 'vitest'
import type { Money } from '#shared/money.ts'
import type { Cryptocurrency, Currency } from '#shared/schemas/reference.ts'
import { purchaseReview } from './purchase-review.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

const btc: Cryptocurrency = {
  id: 1,
  code: 'BTC',
  name: 'Bitcoin',
  symbol: '₿',
  iconUrl: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  price: '45000.00000000',
  change: '0',
}

const ngn: Currency = {
  id: 2,
  code: 'NGN',
  name: 'Nigerian Naira',
  symbol: '₦',
  flagEmoji: '',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}

const hundredDollars: Money = { amountMinor: 10_000n, asset: 'USD' }

describe('purchaseReview', () => {
  it('shows the coins, the price, the estimated cost and the wallet paid from', () => {
    expect(
      purchaseReview(words, {
        crypto: btc,
        usd: hundredDollars,
        pay: ngn,
        estimate: { cost: { amountMinor: 15_000_000n, asset: 'NGN' }, approximate: true },
        paymentMethod: 'wallet',
      }),
    ).toEqual({
      title: 'reviewTitle {"code":"BTC"}',
      rows: [
        { label: 'youReceive', value: 'quantity {"amount":"0.00222222","code":"BTC"}' },
        {
          label: 'unitPrice',
          value: 'unitPriceValue {"code":"BTC","price":"$45,000.00"}',
        },
        { label: 'youPay', value: 'youPayApprox {"amount":"₦150,000.00"}', strong: true },
        { label: 'reviewPaidWith', value: 'reviewWallet {"code":"NGN"}' },
      ],
      note: 'priceNote',
    })
  })

  it('costs in dollars without an estimate, and leaves out coins the amount cannot buy', () => {
    const review = purchaseReview(words, {
      crypto: { ...btc, price: '999999999999.00000000' },
      usd: { amountMinor: 1n, asset: 'USD' },
      pay: undefined,
      estimate: null,
      paymentMethod: 'card',
    })
    expect(review.rows.map((row) => row.label)).toEqual(['unitPrice', 'youPay', 'reviewPaidWith'])
    expect(review.rows[1]).toEqual({ label: 'youPay', value: '$0.01', strong: true })
    expect(review.rows[2]).toEqual({ label: 'reviewPaidWith', value: 'reviewCard' })
  })
})
