/**
 * Which identity number a person verifies with, by the country whose registry holds it
 * (docs/account.md "Identity verification"): Nigeria's BVN or NIN, South Africa's 13-digit ID
 * number, Kenya's national ID number. Client and server read the same rules.
 */

/** What `POST /api/profile/verification` takes as `idType`. */
export const VERIFICATION_ID_TYPES = ['bvn', 'nin', 'national_id'] as const
export type VerificationIdType = (typeof VERIFICATION_ID_TYPES)[number]

/** The countries whose registries Sabi checks a number with. */
export const IDENTITY_COUNTRIES = ['NG', 'ZA', 'KE'] as const
export type IdentityCountry = (typeof IDENTITY_COUNTRIES)[number]

/** The countries whose national ID the registry checks: Nigerians use their BVN or NIN. */
export const NATIONAL_ID_COUNTRIES = ['ZA', 'KE'] as const
export type NationalIdCountry = (typeof NATIONAL_ID_COUNTRIES)[number]

/**
 * One identity in `identity_numbers`: the number's kind within its country. The same digits
 * under two kinds are two identities (docs/security.md "Identity").
 */
export type IdentityKind = 'bvn' | 'nin' | 'za_national_id' | 'ke_national_id'

/** A BVN or NIN: 11 digits. */
export const IDENTITY_NUMBER_PATTERN = /^\d{11}$/
/** A South African ID number: 13 digits, the last a Luhn check digit. */
export const ZA_ID_NUMBER_PATTERN = /^\d{13}$/
/** A Kenyan national ID number: up to 9 digits, as the registry's published format has it. */
export const KE_ID_NUMBER_PATTERN = /^\d{1,9}$/
/** What any of them may look like before the type and country are known. */
export const ANY_IDENTITY_NUMBER_PATTERN = /^\d{1,13}$/

function isNationalIdCountry(country: string | null | undefined): country is NationalIdCountry {
  return NATIONAL_ID_COUNTRIES.some((each) => each === country)
}

/** Country calling codes that belong to one country each, for accounts without a country. */
const CALLING_CODES: readonly (readonly [string, IdentityCountry])[] = [
  ['+234', 'NG'],
  ['+27', 'ZA'],
  ['+254', 'KE'],
]

/**
 * The country whose national ID a user verifies with: their own (`users.country`, chosen at
 * sign-up), else their phone number's for an account made before the country was asked; null
 * when it is neither South Africa nor Kenya (such a user verifies with a BVN or NIN).
 */
export function nationalIdCountryOf(user: {
  country: string | null
  phoneNumber: string | null
}): NationalIdCountry | null {
  if (user.country !== null) return isNationalIdCountry(user.country) ? user.country : null
  const phone = user.phoneNumber ?? ''
  const byPhone = CALLING_CODES.find(([code]) => phone.startsWith(code))?.[1]
  return isNationalIdCountry(byPhone) ? byPhone : null
}

/** The country whose registry holds a number of this type: a BVN or NIN is always Nigeria's. */
export function identityCountryOf(
  idType: VerificationIdType,
  nationalIdCountry: NationalIdCountry | null,
): IdentityCountry | null {
  return idType === 'national_id' ? nationalIdCountry : 'NG'
}

export function identityKindOf(idType: VerificationIdType, country: IdentityCountry): IdentityKind {
  if (idType !== 'national_id') return idType
  return country === 'ZA' ? 'za_national_id' : 'ke_national_id'
}

/** The Luhn check every South African ID number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index
    let digit = Number(digits.charAt(index))
    if (fromRight % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * Why a number cannot be of its type and country, as the errors catalog's key, or null when its
 * shape is right: 11 digits for a BVN or NIN, 13 with a valid check digit for a South African
 * ID, up to 9 for a Kenyan ID.
 */
export function identityNumberProblem(
  idType: VerificationIdType,
  country: IdentityCountry,
  idNumber: string,
): 'bvnNin11Digits' | 'saIdNumber13Digits' | 'kenyanIdNumberDigits' | null {
  if (idType !== 'national_id')
    return IDENTITY_NUMBER_PATTERN.test(idNumber) ? null : 'bvnNin11Digits'
  if (country === 'ZA') {
    return ZA_ID_NUMBER_PATTERN.test(idNumber) && passesLuhn(idNumber) ? null : 'saIdNumber13Digits'
  }
  return KE_ID_NUMBER_PATTERN.test(idNumber) ? null : 'kenyanIdNumberDigits'
}
