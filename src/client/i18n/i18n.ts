import i18next from 'i18next'
import { useSyncExternalStore } from 'react'

/**
 * The languages offered by the header's selector (docs/screens.md); English is the only catalog
 * yet.
 */
export const LANGUAGES = ['en', 'fr', 'es', 'ha'] as const
export type Language = (typeof LANGUAGES)[number]

const STORAGE_KEY = 'sabi.language'

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value)
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null
    return isLanguage(value) ? value : 'en'
  } catch {
    return 'en'
  }
}

// Initialised synchronously with no resources: each area registers its own English catalog
// when its module loads, so a lazily loaded page brings its strings with it and the landing
// page's bundle holds only the landing page's words.
void i18next.init({
  lng: storedLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
})
// The page's lang attribute follows the chosen language from the start, not only after a change.
if (typeof document !== 'undefined') document.documentElement.lang = i18next.language

type Values = Record<string, string | number>
type Messages = Readonly<Record<string, string>>

/**
 * Registers an area's English catalog under a namespace and returns a hook that gives a
 * translator typed by that catalog's keys, so a missing key is a compile error.
 */
export function defineMessages<M extends Messages>(namespace: string, messages: M) {
  i18next.addResourceBundle('en', namespace, messages, true, true)
  const translate = (key: keyof M & string, values?: Values): string =>
    i18next.t(key, { ns: namespace, ...values })
  // The hook is made once per catalog when its module loads, never during a render, so the
  // rules of hooks hold: every call site calls the same function in the same order.
  // biome-ignore lint/correctness/noComponentHookFactories: module-level factory, see above.
  return function useMessages() {
    useLanguage()
    return translate
  }
}

function subscribe(onChange: () => void) {
  i18next.on('languageChanged', onChange)
  return () => i18next.off('languageChanged', onChange)
}

/** The selected language, read once (outside React: formatters; inside, use `useLanguage`). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en'
}

/** The selected language; components that call it re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, () => 'en')
}

export function setLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language)
  } catch {
    // Private browsing can refuse storage; the choice still holds for this visit.
  }
  document.documentElement.lang = language
  void i18next.changeLanguage(language)
}
