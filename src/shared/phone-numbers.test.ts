import fc from 'fast-check'
import { getExampleNumber } from 'libphonenumber-js/min'
import examples from 'libphonenumber-js/mobile/examples'
import { describe, expect, it } from 'vitest'
import {
  formatPhoneNational,
  isE164,
  looksLikePhoneNumber,
  PHONE_COUNTRIES,
  phoneCountryOf,
  toE164,
} from './phone-numbers.ts'

describe('phone numbers', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['08031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['(0803) 123-4567', '+2348031234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['27821234567', '+27821234567'],
    ['+254 712 345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 202 555 0143', '+12025550143'],
  ])('reads %s as %s', (text, e164) => {
    expect(toE164(text)).toBe(e164)
    expect(isE164(e164)).toBe(true)
  })

  it.each([
    '12345678901',
    '0803 123',
    'call me',
    '',
    '+81 90 1234 5678',
    '+2348031234567 ext 12345678',
  ])('refuses %s', (text) => {
    expect(toE164(text)).toBeUndefined()
  })

  it('reads a national number in the country it is given', () => {
    expect(toE164('082 123 4567', 'ZA')).toBe('+27821234567')
    expect(toE164('0712 345678', 'KE')).toBe('+254712345678')
    // Without a country, a national number is Nigerian, and these are not Nigerian numbers.
    expect(toE164('082 123 4567')).toBeUndefined()
  })

  it('shows a number in the national format of its own country', () => {
    expect(formatPhoneNational('+2348031234567')).toBe('0803 123 4567')
    expect(formatPhoneNational('+27821234567')).toBe('082 123 4567')
    expect(formatPhoneNational('+254712345678')).toBe('0712 345678')
    expect(phoneCountryOf('+27821234567')).toBe('ZA')
  })

  it('tells a phone number from a name in a search box', () => {
    expect(looksLikePhoneNumber('0803 123 4567')).toBe(true)
    expect(looksLikePhoneNumber('+234 803 123 4567')).toBe(true)
    expect(looksLikePhoneNumber('chidi_0803')).toBe(false)
    expect(looksLikePhoneNumber('0803')).toBe(false)
  })

  it('gives any valid number back unchanged after formatting it and reading it again', () => {
    const validNumber = fc
      .record({
        country: fc.constantFrom(...PHONE_COUNTRIES),
        tail: fc.integer({ min: 0, max: 9999 }),
      })
      .map(({ country, tail }) => {
        const example = getExampleNumber(country, examples)?.nationalNumber ?? ''
        const national = `${example.slice(0, -4)}${String(tail).padStart(4, '0')}`
        return { country, e164: toE164(national, country) }
      })
      .filter(
        (value): value is { country: (typeof PHONE_COUNTRIES)[number]; e164: string } =>
          value.e164 !== undefined,
      )
    fc.assert(
      fc.property(validNumber, ({ e164 }) => {
        expect(toE164(e164)).toBe(e164)
        const country = phoneCountryOf(e164)
        expect(toE164(formatPhoneNational(e164), country)).toBe(e164)
      }),
      { numRuns: 500 },
    )
  })
})
