import i18next from 'i18next'
import { useSyncExternalStore } from 'react'

// The language on screen (docs/i18n.md), apart from the catalogs (i18n.ts) so that formatters
// and the fetch wrapper can read it without loading any catalog machinery.

import { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts'

// The languages offered by the header's selector and the settings are the shared list.
export { isLanguage, LANGUAGES, type Language }

/** Each language named in itself, for choosers a reader of any language must find it in. */
export const LANGUAGE_AUTONYMS: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  ha: 'Hausa',
}

/**
 * The pseudo-locale: every English text accented, lengthened and wrapped in ⟦ ⟧, for the test
 * that finds visible text that did not come from a catalog (docs/i18n.md "Pseudo-locale").
 * Chosen only by storing it in the browser; the selector never offers it.
 */
export const PSEUDO_LOCALE = 'en-XA'
export type Locale = Language | typeof PSEUDO_LOCALE

/** Where the browser keeps the choice (localStorage). */
export const STORAGE_KEY = 'sabi.language'
/** Read by the server to serve the landing page in the chosen language (docs/i18n.md). */
export const LANGUAGE_COOKIE = 'sabi_lang'

/** The first of the browser's languages Sabi speaks, by primary subtag ("fr-SN" is French). */
export function pickLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return undefined
}

function subscribe(onChange: () => void) {
  i18next.on('languageChanged', onChange)
  return () => i18next.off('languageChanged', onChange)
}

/** The locale i18next shows: a language, or the pseudo-locale. */
export function currentLocale(): Locale {
  const language = i18next.language
  return language === PSEUDO_LOCALE || isLanguage(language) ? language : 'en'
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, () => currentLocale())
}

/**
 * The selected language, read once (outside React: formatters; inside, use `useLanguage`).
 * The pseudo-locale formats as English.
 */
export function currentLanguage(): Language {
  const locale = currentLocale()
  return locale === PSEUDO_LOCALE ? 'en' : locale
}

/** The selected language; components that call it re-render when it changes. */
export function useLanguage(): Language {
  const locale = useLocale()
  return locale === PSEUDO_LOCALE ? 'en' : locale
}
