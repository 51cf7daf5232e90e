import { describe, expect, it } from 'vitest'
import type { Money } from '#shared/money.ts'
import type { Currency, ExchangeRate } from '#shared/schemas/reference.ts'
import { estimateCost } from './estimate-cost.ts'

function currency(id: number, code: string, symbol: string): Currency {
  return {
    id,
    code,
    name: code,
    symbol,
    flagEmoji: '',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  }
}

const usd = currency(1, 'USD', '$')
const ngn = currency(2, 'NGN', '₦')
const eur = currency(3, 'EUR', '€')

const usdToNgn: ExchangeRate = {
  id: 1,
  fromCurrencyId: usd.id,
  toCurrencyId: ngn.id,
  fromCurrency: { id: usd.id, code: 'USD', symbol: '$', name: 'USD' },
  toCurrency: { id: ngn.id, code: 'NGN', symbol: '₦', name: 'NGN' },
  rate: '1500.000000',
  changePercent: '0',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const tenDollars: Money = { amountMinor: 1_000n, asset: 'USD' }

describe('estimateCost', () => {
  it('is the dollars themselves when paid in dollars', () => {
    expect(estimateCost(tenDollars, usd, usd, [])).toEqual({ cost: tenDollars, approximate: false })
  })

  it('converts at the listed dollar rate, marked as an estimate', () => {
    expect(estimateCost(tenDollars, ngn, usd, [usdToNgn])).toEqual({
      cost: { amountMinor: 1_500_000n, asset: 'NGN' },
      approximate: true,
    })
  })

  it('gives nothing without a paying currency, a dollar currency or a listed rate', () => {
    expect(estimateCost(tenDollars, undefined, usd, [usdToNgn])).toBeNull()
    expect(estimateCost(tenDollars, ngn, undefined, [usdToNgn])).toBeNull()
    expect(estimateCost(tenDollars, eur, usd, [usdToNgn])).toBeNull()
  })
})
