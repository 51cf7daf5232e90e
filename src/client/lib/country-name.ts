import { currentLanguage, type Language } from '#client/i18n/language.ts'
import { HAUSA_COUNTRY_NAMES } from './hausa-names.ts'

const displayNames = new Map<Language, Intl.DisplayNames | null>()

function regionNames(language: Language): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(
        language,
        new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
      )
    } catch {
      displayNames.set(language, null)
    }
  }
  return displayNames.get(language) ?? null
}

/**
 * A country's name in the user's language: the server's name in English, Sabi's own names in
 * Hausa (browsers have none), the browser's list in the others, and the server's English name
 * where there is none.
 */
export function countryName(
  country: { code: string; name: string },
  language: Language = currentLanguage(),
): string {
  if (language === 'en') return country.name
  if (language === 'ha') return HAUSA_COUNTRY_NAMES[country.code.toUpperCase()] ?? country.name
  try {
    return regionNames(language)?.of(country.code.toUpperCase()) ?? country.name
  } catch {
    return country.name
  }
}
