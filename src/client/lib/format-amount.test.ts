import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatMinorForDisplay } from './format-amount.ts'

describe('formatAmount', () => {
  it('groups thousands and keeps two decimals for fiat', () => {
    expect(formatAmount('0.00', 'USD')).toBe('0.00')
    expect(formatAmount('1234567.5', 'USD')).toBe('1,234,567.50')
    expect(formatAmount('9999999999999.99', 'usd')).toBe('9,999,999,999,999.99')
  })
  it('pads unknown assets to two decimals without rounding extra digits', () => {
    expect(formatAmount('1500', 'XYZ')).toBe('1,500.00')
    expect(formatAmount('1.234', 'XYZ')).toBe('1.234')
    expect(formatAmount('-12', 'XYZ')).toBe('-12.00')
  })
  it('shows text that is not an amount unchanged', () => {
    expect(formatAmount('n/a', 'USD')).toBe('n/a')
  })
  it('never loses a digit, for any 2-decimal balance', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (minor) => {
        const shown = formatMinorForDisplay(minor, 'USD')
        expect(BigInt(shown.replaceAll(',', '').replace('.', ''))).toBe(minor)
        expect(shown).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/)
      }),
    )
  })
})
