import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  basisPointsPercentText,
  describeChange,
  formatPercent,
  formatPercentNumber,
} from './format-change.ts'

describe('describeChange', () => {
  it('signs a rise and marks it rising', () => {
    expect(describeChange('2.45', { language: 'en' })).toEqual({ text: '+2.45%', rising: true })
  })

  it('keeps a fall negative', () => {
    expect(describeChange('-1.20', { language: 'en' })).toEqual({ text: '-1.20%', rising: false })
  })

  it('treats no change, even a negative zero, as non-negative', () => {
    expect(describeChange('0.00', { language: 'en' })).toEqual({ text: '+0.00%', rising: true })
    expect(describeChange('-0.00', { language: 'en' })).toEqual({ text: '+0.00%', rising: true })
  })

  it('writes the figure the way the language does, keeping its decimals', () => {
    expect(describeChange('2.45', { language: 'fr' }).text).toMatch(/^\+2,45\s%$/)
    expect(describeChange('-1.20', { language: 'es' }).text).toMatch(/^-1,20\s%$/)
    expect(describeChange('1234.5', { language: 'en' }).text).toBe('+1,234.5%')
    expect(describeChange('n/a', { language: 'fr' })).toEqual({ text: '+n/a%', rising: true })
  })
})

describe('formatPercentNumber', () => {
  it('keeps English as the screen wrote it and localizes the separators', () => {
    expect(formatPercentNumber('1.5', { language: 'en' })).toBe('1.5')
    expect(formatPercentNumber('1.75', { language: 'en' })).toBe('1.75')
    expect(formatPercentNumber('2', { language: 'en' })).toBe('2')
    expect(formatPercentNumber('1.5', { language: 'fr' })).toBe('1,5')
    expect(formatPercentNumber('2.50', { language: 'es' })).toBe('2,50')
    expect(formatPercentNumber('about 2', { language: 'fr' })).toBe('about 2')
  })
})

describe('formatPercent', () => {
  it('writes the fee figures with their percent sign as each language does', () => {
    expect(formatPercent('0.5', { language: 'en' })).toBe('0.5%')
    expect(formatPercent('0.5', { language: 'fr' })).toMatch(/^0,5\s%$/)
    expect(formatPercent('2', { language: 'es' })).toMatch(/^2\s%$/)
    expect(formatPercent('1.25', { language: 'ha' })).toBe('1.25%')
  })
})

describe('basisPointsPercentText', () => {
  it('writes basis points as the exact percent figure', () => {
    expect(basisPointsPercentText(50n)).toBe('0.5')
    expect(basisPointsPercentText(200n)).toBe('2')
    expect(basisPointsPercentText(125n)).toBe('1.25')
  })

  it('gives back the basis points exactly, for any of them', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000n }), (basisPoints) => {
        const [whole = '', fraction = ''] = basisPointsPercentText(basisPoints).split('.')
        expect(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))).toBe(basisPoints)
      }),
    )
  })
})
