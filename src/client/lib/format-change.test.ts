import { describe, expect, it } from 'vitest'
import { describeChange, formatPercentNumber } from './format-change.ts'

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
