import { currentLanguage, type Language } from '#client/i18n/language.ts'

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
 * A country's name in the user's language: the server's name in English, the browser's list in
 * the others, and the server's English name where the browser has none.
 */
export function countryName(
  country: { code: string; name: string },
  language: Language = currentLanguage(),
): string {
  if (language === 'en') return country.name
  try {
    return regionNames(language)?.of(country.code.toUpperCase()) ?? country.name
  } catch {
    return country.name
  }
}
