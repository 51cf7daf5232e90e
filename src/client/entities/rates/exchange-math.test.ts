import { describe, expect, it } from 'vitest'
import { formatMoney, money } from '#shared/money.ts'
import type { ExchangeRate } from '#shared/schemas/reference.ts'
import { estimateExchange, feePercentText, findListedRate } from './exchange-math.ts'

function pair(fromCurrencyId: number, toCurrencyId: number, rate: string, changePercent: string) {
  const currency = (id: number) => ({ id, code: `C${id}`, symbol: '¤', name: `Currency ${id}` })
  return {
    id: fromCurrencyId * 100 + toCurrencyId,
    fromCurrencyId,
    toCurrencyId,
    fromCurrency: currency(fromCurrencyId),
    toCurrency: currency(toCurrencyId),
    rate,
    changePercent,
    updatedAt: '2025-01-01T00:00:00.000Z',
  } satisfies ExchangeRate
}

describe('findListedRate', () => {
  const rates = [pair(1, 2, '1530.000000', '0.35')]

  it('uses the direct pair with its 24h change', () => {
    expect(findListedRate(rates, 1, 2)).toEqual({ rate: '1530.000000', changePercent: '0.35' })
  })

  it('inverts the reverse pair, rounding half-up to 6 decimals, with no change', () => {
    expect(findListedRate(rates, 2, 1)).toEqual({ rate: '0.000654', changePercent: null })
  })

  it('gives nothing for a pair that is not listed', () => {
    expect(findListedRate(rates, 1, 3)).toBeNull()
  })
})

describe('feePercentText', () => {
  it('writes basis points as a percentage', () => {
    expect(feePercentText()).toBe('0.5%')
    expect(feePercentText(200n)).toBe('2%')
    expect(feePercentText(125n)).toBe('1.25%')
  })
})

describe('estimateExchange', () => {
  it('converts at the rate and adds the 0.5% fee on top', () => {
    const figures = estimateExchange(money(10_000n, 'USD'), '1530.000000', 'NGN')
    expect(figures && formatMoney(figures.receive)).toBe('153000.00')
    expect(figures && formatMoney(figures.fee)).toBe('0.50')
    expect(figures && formatMoney(figures.totalDebit)).toBe('100.50')
  })

  it('rounds the received amount and the fee half-up to the minor unit', () => {
    // 1,000.00 NGN x 0.000654 = 0.654 USD → 0.65; fee 5.00 NGN.
    const figures = estimateExchange(money(100_000n, 'NGN'), '0.000654', 'USD')
    expect(figures && formatMoney(figures.receive)).toBe('0.65')
    expect(figures && formatMoney(figures.fee)).toBe('5.00')
    expect(figures && formatMoney(figures.totalDebit)).toBe('1005.00')
  })

  it('gives nothing when the amount buys less than one minor unit', () => {
    expect(estimateExchange(money(1n, 'NGN'), '0.000654', 'USD')).toBeNull()
  })
})
