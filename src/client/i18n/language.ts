import { useSyncExternalStore } from 'react'

// The language on screen (docs/i18n.md), apart from the catalogs (i18n.ts) so that formatters
// and the fetch wrapper can read it without loading any catalog machinery. The locale is kept
// here rather than read from i18next, so that nothing on the entry's path waits for the
// translation engine, which loads after the first render has started (i18n.ts).

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

function readStoredLocale(): Locale | undefined {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null
    if (value === PSEUDO_LOCALE) return PSEUDO_LOCALE
    return isLanguage(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** The choice made on the static landing page, which has no script to store it. */
function readLanguageCookie(): Language | undefined {
  const cookie = globalThis.document?.cookie ?? ''
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(cookie)?.[1]
  return isLanguage(value) ? value : undefined
}

/**
 * A choice made on this device first (the cookie is the latest, as the static landing page
 * sets only that); else the browser's languages; else English.
 */
function initialLocale(): Locale {
  const stored = readStoredLocale()
  if (stored === PSEUDO_LOCALE) return stored
  const chosen = readLanguageCookie() ?? stored
  if (chosen) return chosen
  return pickLanguage(globalThis.navigator?.languages ?? []) ?? 'en'
}

/** Keeps a choice in the browser, and in a cookie for the server's landing page. */
export function rememberLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language)
  } catch {
    // Private browsing can refuse storage; the cookie and this visit still hold the choice.
  }
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference, no store needed.
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`
  }
}

let locale: Locale = initialLocale()
const listeners = new Set<() => void>()

function showLang(value: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = value
}
showLang(locale)

/**
 * Puts `next` on screen: `<html lang>` and every component that reads the locale. Only
 * i18n.ts's `setLanguage` calls it, once the texts of `next` are loaded.
 */
export function showLocale(next: Locale) {
  showLang(next)
  if (next === locale) return
  locale = next
  for (const listener of listeners) listener()
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/** The locale on screen: a language, or the pseudo-locale. */
export function currentLocale(): Locale {
  return locale
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale)
}

/**
 * The selected language, read once (outside React: formatters; inside, use `useLanguage`).
 * The pseudo-locale formats as English.
 */
export function currentLanguage(): Language {
  const current = currentLocale()
  return current === PSEUDO_LOCALE ? 'en' : current
}

/** The selected language; components that call it re-render when it changes. */
export function useLanguage(): Language {
  const current = useLocale()
  return current === PSEUDO_LOCALE ? 'en' : current
}
