import { describe, expect, it } from 'vitest'
import { ASSET_EXPONENTS } from '#shared/money.ts'
import { INTERNATIONAL_REGIONS } from '#shared/schemas/international.ts'
import { countryName } from './country-name.ts'
import { currencyName } from './currency-name.ts'

const COINS = ['BTC', 'ETH', 'BNB', 'USDT']

describe('Hausa names', () => {
  it('names every currency Sabi holds in Hausa, and keeps the proper names of coins', () => {
    for (const code of Object.keys(ASSET_EXPONENTS)) {
      const english = `${code} in English`
      const name = currencyName({ code, name: english }, 'ha')
      if (COINS.includes(code)) expect(name).toBe(english)
      else expect(name, code).not.toBe(english)
    }
    expect(currencyName({ code: 'NGN', name: 'Nigerian Naira' }, 'ha')).toBe('Nairar Najeriya')
    expect(currencyName({ code: 'USD', name: 'US Dollar' }, 'ha')).toBe('Dalar Amurka')
  })

  it('names every country Sabi sends to in Hausa', () => {
    for (const region of INTERNATIONAL_REGIONS) {
      for (const country of region.countries) {
        expect(countryName(country, 'ha'), country.code).not.toBe(country.name)
      }
    }
  })

  it('keeps the server English names in English', () => {
    expect(currencyName({ code: 'NGN', name: 'Nigerian Naira' }, 'en')).toBe('Nigerian Naira')
    expect(countryName({ code: 'GB', name: 'United Kingdom' }, 'en')).toBe('United Kingdom')
  })
})
