import { describe, expect, it } from 'vitest'
import { countryOfFlagEmoji, flagCode } from './flag-country.ts'

describe('countryOfFlagEmoji', () => {
  it('reads the country of every currency flag the reference data has', () => {
    expect(['🇳🇬', '🇺🇸', '🇿🇦', '🇰🇪', '🇪🇺', '🇬🇧'].map(countryOfFlagEmoji)).toEqual([
      'NG',
      'US',
      'ZA',
      'KE',
      'EU',
      'GB',
    ])
  })

  it('is null for what is not a flag', () => {
    for (const text of ['', 'NG', '🇳', '🇳🇬🇬', '₿', '🏳️', 'ab']) {
      expect(countryOfFlagEmoji(text)).toBeNull()
    }
  })
})

describe('flagCode', () => {
  it('takes two capital letters only', () => {
    expect(flagCode('DE')).toBe('DE')
    expect(flagCode('de')).toBeNull()
    expect(flagCode('../x')).toBeNull()
    expect(flagCode('DEU')).toBeNull()
  })
})
