import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#client/i18n/language.ts'
import { ASSET_EXPONENTS, type AssetCode, formatMinor, MAX_AMOUNT_MINOR } from '#shared/money.ts'
import {
  formatAmount,
  formatAmountDigits,
  formatCryptoQuantity,
  formatMinorAmount,
  parseAmountText,
} from './format-amount.ts'

const NAIRA = { code: 'NGN', symbol: '₦' }
const ASSETS = Object.keys(ASSET_EXPONENTS).filter(
  (code): code is AssetCode => code in ASSET_EXPONENTS,
)

describe('formatAmount', () => {
  it('writes English as the SPEC does: the symbol glued to grouped digits', () => {
    expect(formatAmount('1234567.5', NAIRA, { language: 'en' })).toBe('₦1,234,567.50')
    expect(formatAmount('0.00', { code: 'USD', symbol: '$' }, { language: 'en' })).toBe('$0.00')
    expect(formatAmount('-12', { code: 'ZAR', symbol: 'R' }, { language: 'en' })).toBe('-R12.00')
    expect(formatAmount('12', NAIRA, { language: 'en', sign: 'always' })).toBe('+₦12.00')
  })
  it('writes French, Spanish and Hausa as they write money', () => {
    expect(formatAmount('1234567.5', NAIRA, { language: 'fr' })).toBe(
      '1\u202f234\u202f567,50\u00a0₦',
    )
    expect(formatAmount('1234567.5', NAIRA, { language: 'es' })).toBe('1.234.567,50\u00a0₦')
    // Spanish groups only from five digits.
    expect(formatAmount('1234.5', NAIRA, { language: 'es' })).toBe('1234,50\u00a0₦')
    expect(formatAmount('1234567.5', NAIRA, { language: 'ha' })).toMatch(/^₦\s?1,234,567\.50$/)
  })
  it('keeps every digit of the largest amounts, never through a float', () => {
    expect(formatAmount('9999999999999.99', NAIRA, { language: 'en' })).toBe(
      '₦9,999,999,999,999.99',
    )
    expect(formatAmount('9999999.99999999', { code: 'BTC', symbol: '₿' }, { language: 'en' })).toBe(
      '₿9,999,999.99999999',
    )
  })
  it('shows the asset decimals, a code when no symbol is known, and odd text as it came', () => {
    expect(formatAmount('0.5', 'BTC', { language: 'en' })).toBe('BTC\u00a00.50000000')
    expect(formatAmount('0.5', 'USDT', { language: 'fr' })).toBe('0,500000\u00a0USDT')
    expect(formatAmount('1.234', 'XYZ', { language: 'en' })).toBe('XYZ\u00a01.234')
    expect(formatAmount('n/a', NAIRA, { language: 'en' })).toBe('n/a')
    expect(formatAmount('1.999', NAIRA, { language: 'en' })).toBe('1.999')
  })
  it('formats Money and minor units alike', () => {
    expect(formatMinorAmount(123456n, 'NGN', '₦', { language: 'en' })).toBe('₦1,234.56')
    expect(formatAmountDigits('1234.5', 'NGN', { language: 'fr' })).toBe('1\u202f234,50')
  })
})

describe('parseAmountText', () => {
  it('reads what the formatter wrote, in every language, exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...ASSETS),
        fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
        fc.constantFrom<'auto' | 'always'>('auto', 'always'),
        (language, asset, minor, sign) => {
          const shown = formatMinorAmount(minor, asset, null, { language, sign })
          expect(parseAmountText(shown, language)).toBe(formatMinor(minor, ASSET_EXPONENTS[asset]))
        },
      ),
      { numRuns: 2000 },
    )
  })
  it('reads a French amount typed with a comma', () => {
    expect(parseAmountText('12,5', 'fr')).toBe('12.5')
    expect(parseAmountText('1 234,56 ₦', 'fr')).toBe('1234.56')
    expect(parseAmountText('₦1,234.56', 'en')).toBe('1234.56')
    expect(parseAmountText('12,5,6', 'fr')).toBeNull()
  })
})

describe('formatCryptoQuantity', () => {
  it('shows a coin quantity to 8 decimals, grouped as the language writes numbers', () => {
    expect(formatCryptoQuantity('4.992434', { language: 'en' })).toBe('4.99243400')
    expect(formatCryptoQuantity('4.992434', { language: 'fr' })).toBe('4,99243400')
    expect(formatCryptoQuantity('1234.5', { language: 'es' })).toBe('1234,50000000')
    expect(formatCryptoQuantity('0.00022222', { language: 'ha' })).toBe('0.00022222')
    expect(formatCryptoQuantity('n/a', { language: 'fr' })).toBe('n/a')
  })
})
