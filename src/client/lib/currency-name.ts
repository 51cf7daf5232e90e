import { currentLanguage, type Language } from '#client/i18n/language.ts'
import { HAUSA_CURRENCY_NAMES } from './hausa-names.ts'

const names = new Map<Language, Intl.DisplayNames>()

/**
 * A currency's name in the user's language ("Naira nigérian"): the server's name in English,
 * which is SPEC.md's, Sabi's own names in Hausa (browsers have none), and Intl's names in the
 * others, with the server's name when there is none (a crypto asset).
 */
export function currencyName(
  currency: { code: string; name: string },
  language: Language = currentLanguage(),
): string {
  if (language === 'en') return currency.name
  if (language === 'ha') return HAUSA_CURRENCY_NAMES[currency.code] ?? currency.name
  let display = names.get(language)
  if (!display) {
    display = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' })
    names.set(language, display)
  }
  try {
    return display.of(currency.code) ?? currency.name
  } catch {
    return currency.name
  }
}
