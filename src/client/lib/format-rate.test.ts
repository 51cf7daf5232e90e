import { describe, expect, it } from 'vitest'
import type { Language } from '#client/i18n/language.ts'
import { readableRate } from './format-rate.ts'

const NGN = { code: 'NGN', symbol: '₦' }
const USD = { code: 'USD', symbol: '$' }
const GBP = { code: 'GBP', symbol: '£' }
const BTC = { code: 'BTC', symbol: '₿' }
const ETH = { code: 'ETH', symbol: 'Ξ' }
const en: { language: Language } = { language: 'en' }

describe('readableRate', () => {
  it('reads from the stronger currency, in cents of the weaker', () => {
    expect(readableRate('0.000655', NGN, USD, en).text).toBe('1 USD = ₦1,526.72')
    expect(readableRate('1526.540000', USD, NGN, en).text).toBe('1 USD = ₦1,526.54')
    expect(readableRate('0.000518', NGN, GBP, en).text).toBe('1 GBP = ₦1,930.50')
  })

  it('keeps the exact figure of the server, as it came', () => {
    expect(readableRate('0.000655', NGN, USD, en).exact).toBe('1 NGN = 0.000655 USD')
    expect(readableRate('1526.540000', USD, NGN, en).exact).toBe('1 USD = 1,526.540000 NGN')
    expect(readableRate('1.000000', USD, USD, en).text).toBe('1 USD = $1.00')
  })

  it('reads a crypto quote in cents too', () => {
    expect(readableRate('20.123456', BTC, ETH, en).text).toBe('1 BTC = Ξ20.12')
  })

  it('shows the exact text for a rate it cannot read', () => {
    expect(readableRate('abc', NGN, USD, en).text).toBe('1 NGN = abc USD')
    expect(readableRate('0', NGN, USD, en).text).toBe('1 NGN = 0 USD')
  })

  it('writes the figures the way the language does', () => {
    expect(readableRate('1526.540000', USD, NGN, { language: 'fr' })).toEqual({
      text: '1 USD = 1\u202f526,54\u00a0₦',
      exact: '1 USD = 1\u202f526,540000 NGN',
    })
    expect(readableRate('0.000655', NGN, USD, { language: 'es' }).text).toBe(
      '1 USD = 1526,72\u00a0₦',
    )
  })
})
