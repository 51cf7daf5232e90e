import { describe, expect, it } from 'vitest'
import { readableRate } from './format-rate.ts'

const NGN = { code: 'NGN', symbol: '₦' }
const USD = { code: 'USD', symbol: '$' }
const GBP = { code: 'GBP', symbol: '£' }

describe('readableRate', () => {
  it('reads from the stronger currency, in cents of the weaker', () => {
    expect(readableRate('0.000655', NGN, USD).text).toBe('1 USD = ₦1,526.72')
    expect(readableRate('1526.540000', USD, NGN).text).toBe('1 USD = ₦1,526.54')
    expect(readableRate('0.000518', NGN, GBP).text).toBe('1 GBP = ₦1,930.50')
  })

  it('keeps the exact figure of the server, as it came', () => {
    expect(readableRate('0.000655', NGN, USD).exact).toBe('1 NGN = 0.000655 USD')
    expect(readableRate('1.000000', USD, USD).text).toBe('1 USD = $1.00')
  })

  it('shows the exact text for a rate it cannot read', () => {
    expect(readableRate('abc', NGN, USD).text).toBe('1 NGN = abc USD')
    expect(readableRate('0', NGN, USD).text).toBe('1 NGN = 0 USD')
  })
})
