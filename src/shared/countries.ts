/**
 * Countries as sign-up asks for them (docs/account.md "Country and currency"). A country is an
 * ISO 3166-1 alpha-2 code; Nigeria, South Africa and Kenya have a home currency of their own,
 * every other country banks with Sabi in US dollars.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code. */
const ISO_COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
    'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
    'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
    'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
    'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
    'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
    'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
    'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
)

/** The countries sign-up names; anyone else is "elsewhere". */
export const HOME_COUNTRIES = ['NG', 'ZA', 'KE'] as const
export type HomeCountry = (typeof HOME_COUNTRIES)[number]

const HOME_CURRENCIES: Record<HomeCountry, 'NGN' | 'ZAR' | 'KES'> = {
  NG: 'NGN',
  ZA: 'ZAR',
  KE: 'KES',
}

/** The currency of everyone outside the three home countries. */
export const ELSEWHERE_CURRENCY = 'USD'

export function isCountryCode(text: string): boolean {
  return ISO_COUNTRY_CODES.has(text)
}

export function isHomeCountry(country: string | null | undefined): country is HomeCountry {
  return HOME_COUNTRIES.some((home) => home === country)
}

/** The primary wallet's and the display currency of a country: NGN, ZAR, KES, else USD. */
export function homeCurrencyOf(country: string): 'NGN' | 'ZAR' | 'KES' | 'USD' {
  return isHomeCountry(country) ? HOME_CURRENCIES[country] : ELSEWHERE_CURRENCY
}

/**
 * The region of a language tag (`ha-NG` → `NG`, `en-GB` → `GB`), or undefined for a tag without
 * one (`fr`). Used to default the country from the browser's language.
 */
export function countryOfLanguageTag(tag: string): string | undefined {
  const match = /^[A-Za-z]{2,3}(?:[-_][A-Za-z]{4})?[-_]([A-Za-z]{2})(?:$|[-_])/.exec(tag.trim())
  const region = match?.[1]?.toUpperCase()
  return region && isCountryCode(region) ? region : undefined
}
