import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '#client/i18n/i18n.ts'
import {
  amountPlaceholder,
  isPositiveAmountText,
  majorToMinor,
  readAmountInput,
} from './amount-input.ts'

describe('isPositiveAmountText', () => {
  it('accepts plain positive numbers only', () => {
    expect(['10', '0.01', '.5', ' 25.50 '].map(isPositiveAmountText)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['', '0', '0.00', 'abc', '-5', '1e3', '1,000'].map(isPositiveAmountText)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('readAmountInput', () => {
  it('reads the amount in minor units of the currency', () => {
    expect(readAmountInput('25.5', 'usd')).toEqual({
      ok: true,
      value: { amountMinor: 2550n, asset: 'USD' },
    })
  })

  it('names what is wrong', () => {
    expect(readAmountInput('0', 'USD')).toEqual({ ok: false, problem: 'not_positive' })
    expect(readAmountInput('1.001', 'USD')).toEqual({ ok: false, problem: 'too_many_decimals' })
    expect(readAmountInput('1000000.01', 'NGN', majorToMinor(1_000_000n, 'NGN'))).toEqual({
      ok: false,
      problem: 'too_large',
    })
    expect(readAmountInput('1000000.00', 'NGN', majorToMinor(1_000_000n, 'NGN')).ok).toBe(true)
  })
})

describe('a decimal comma', () => {
  afterEach(async () => {
    await setLanguage('en')
  })

  it('is the decimal point in French, alone and without a dot; never in English', async () => {
    expect(readAmountInput('12,50', 'NGN')).toEqual({ ok: false, problem: 'not_positive' })
    await setLanguage('fr')
    expect(readAmountInput('12,50', 'NGN')).toEqual({
      ok: true,
      value: { amountMinor: 1250n, asset: 'NGN' },
    })
    expect(readAmountInput(',5', 'NGN')).toEqual({
      ok: true,
      value: { amountMinor: 50n, asset: 'NGN' },
    })
    // Two separators, or a comma with a dot, are not guessed at.
    expect(readAmountInput('1,234.50', 'NGN').ok).toBe(false)
    expect(readAmountInput('1,2,3', 'NGN').ok).toBe(false)
    expect(isPositiveAmountText('0,01')).toBe(true)
  })
})

describe('amountPlaceholder', () => {
  it('writes the empty field hint with the decimal key the language types', () => {
    expect(amountPlaceholder('en')).toBe('0.00')
    expect(amountPlaceholder('fr')).toBe('0,00')
    expect(amountPlaceholder('es')).toBe('0,00')
    expect(amountPlaceholder('ha')).toBe('0.00')
  })
})
