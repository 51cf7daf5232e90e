import {
  type CountryCode,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'

/**
 * Phone numbers (docs/phone-numbers.md): whatever a person types or a gateway sends is parsed
 * with libphonenumber-js, kept in E.164 (`+2348031234567`) and shown in the national format of
 * its country (`0803 123 4567`). A number without a country code is read as Nigerian unless the
 * caller knows better. This module is the one place phone numbers are parsed; the client loads
 * it only with the pages that need it, since its metadata is most of its weight.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'NG'

/** Longest text accepted as a phone number before parsing: a number with spaces and brackets. */
export const PHONE_INPUT_MAX = 24

/** E.164 has at most 15 digits after the +. */
export const E164_MAX_LENGTH = 16

/**
 * Where Sabi's users live: the three home markets, then the countries of the diaspora that
 * Sabi sends to (src/shared/schemas/international.ts). A number is accepted when its country
 * calling code is one of these countries', so +44 covers Guernsey and Jersey as well, which
 * share the United Kingdom's numbering plan.
 */
export const PHONE_COUNTRIES = [
  'NG',
  'ZA',
  'KE',
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'AU',
  'IN',
  'CN',
  'AE',
  'SA',
  'JM',
  'TT',
  'MX',
  'BR',
] as const satisfies readonly CountryCode[]

const CALLING_CODES = new Set<string>(PHONE_COUNTRIES.map((code) => getCountryCallingCode(code)))

/**
 * The home markets' calling codes, which people often type without the +: "2348031234567" is
 * read so natively (Nigeria is the default country), "27821234567" and "254712345678" need
 * the + put back. Other codes are not guessed at: "12345678901" must stay invalid, not become
 * a United States number.
 */
const PLUS_OPTIONAL_CODES = ['27', '254'] as const

function parseValid(text: string, country: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(text, country)
  if (!parsed?.isValid()) return undefined
  return CALLING_CODES.has(parsed.countryCallingCode) ? parsed.number : undefined
}

/** The E.164 form of a valid number in a supported country, or undefined for anything else. */
export function toE164(
  text: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | undefined {
  if (text.length > PHONE_INPUT_MAX) return undefined
  const direct = parseValid(text, country)
  if (direct) return direct
  const digits = text.replace(/[\s().-]/g, '')
  if (!/^\d+$/.test(digits)) return undefined
  const code = PLUS_OPTIONAL_CODES.find((prefix) => digits.startsWith(prefix))
  return code ? parseValid(`+${digits}`, country) : undefined
}

/** Whether text is already a number in E.164 that toE164 would give back unchanged. */
export function isE164(text: string): boolean {
  return text.startsWith('+') && toE164(text) === text
}

/** The country a stored E.164 number belongs to, as libphonenumber-js places it. */
export function phoneCountryOf(e164: string): CountryCode | undefined {
  return parsePhoneNumberFromString(e164)?.country
}

/** How a stored E.164 number is shown: the national format of its own country. */
export function formatPhoneNational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164
}

/**
 * Whether a search term looks like a phone number rather than a name: digits with the
 * punctuation people put in numbers, and at least 7 digits. Cheap, so it runs before parsing.
 */
export function looksLikePhoneNumber(text: string): boolean {
  const trimmed = text.trim()
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return false
  return trimmed.replace(/\D/g, '').length >= 7
}
