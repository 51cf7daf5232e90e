import i18next from 'i18next'
import { type FulfilledReactPromise, type PendingReactPromise, use } from 'react'
import {
  currentLocale,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  type Locale,
  PSEUDO_LOCALE,
  pickLanguage,
  STORAGE_KEY,
  useLocale,
} from './language.ts'
import { pseudoLocalize } from './pseudo-locale.ts'

/**
 * The catalogs (docs/i18n.md, docs/decisions/006-json-catalogs-loaded-per-language.md). English
 * is the source: its catalogs are bundled with the code that uses them; the others are JSON
 * files under src/client/locales/<language>/ loaded when a page needs them in that language.
 */

type Messages = Readonly<Record<string, string>>

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

// The non-English catalogs, one lazily loaded chunk per language and area.
const catalogFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
})

const englishCatalogs = new Map<string, Messages>()
const loading = new Map<string, Tracked>()
const failed = new Set<string>()

function hasCatalog(locale: Locale, namespace: string): boolean {
  return (
    locale === 'en' ||
    i18next.hasResourceBundle(locale, namespace) ||
    failed.has(`${locale}|${namespace}`)
  )
}

/**
 * A promise React's `use` can read without suspending once it has settled: React looks for
 * `status` and `value` on a thenable (the protocol data libraries use), so a catalog already
 * loaded renders at once, and `use` is called on every render, never conditionally.
 */
type Tracked = PendingReactPromise<void> | FulfilledReactPromise<void>

function tracked(promise: Promise<void>): Tracked {
  const result = Object.assign(promise, { status: 'pending' as const })
  void promise.then(() => Object.assign(result, { status: 'fulfilled', value: undefined }))
  return result
}

const READY: Tracked = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
})

/**
 * Loads one area's catalog in one language, once. A catalog that cannot be fetched (offline on
 * a language never used before) leaves that area in English rather than blocking the screen.
 */
function loadCatalog(locale: Locale, namespace: string): Tracked {
  if (hasCatalog(locale, namespace)) return READY
  const key = `${locale}|${namespace}`
  const started = loading.get(key)
  if (started) return started
  if (locale === PSEUDO_LOCALE) {
    i18next.addResourceBundle(
      locale,
      namespace,
      pseudoLocalize(englishCatalogs.get(namespace) ?? {}),
    )
    return READY
  }
  const file = catalogFiles[`../locales/${locale}/${namespace}.json`]
  const promise = (
    file ? file() : Promise.reject(new Error(`no ${locale} catalog for ${namespace}`))
  )
    .then((messages) => {
      i18next.addResourceBundle(locale, namespace, messages, true, true)
    })
    .catch((error: unknown) => {
      failed.add(key)
      console.warn(`The ${locale} texts of ${namespace} could not be loaded`, error)
    })
  const result = tracked(promise)
  loading.set(key, result)
  return result
}

// Initialised synchronously with no resources: each area registers its own English catalog
// when its module loads, so a lazily loaded page brings its strings with it and the landing
// page's bundle holds only the landing page's words. Plurals follow Intl.PluralRules.
void i18next.init({
  lng: initialLocale(),
  fallbackLng: 'en',
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
})
if (typeof document !== 'undefined') document.documentElement.lang = i18next.language

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
/** A catalog's keys as code names them: `sales` for `sales_one` and `sales_other`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K
export type MessageKey<M> = WithoutPlural<keyof M & string>
type Values = Record<string, string | number>

/**
 * Registers an area's English catalog under a namespace and returns a hook that gives a
 * translator typed by that catalog's keys, so a missing key is a compile error. In another
 * language the hook suspends (React `use`) until the area's catalog has arrived, so a screen
 * never flashes English before its own words; a change of language loads first and then
 * switches (`setLanguage`), so nothing suspends then.
 */
export function defineMessages<M extends Messages>(namespace: string, messages: M) {
  englishCatalogs.set(namespace, messages)
  i18next.addResourceBundle('en', namespace, messages, true, true)
  const locale = currentLocale()
  if (locale !== 'en') void loadCatalog(locale, namespace)
  const translate = (key: MessageKey<M>, values?: Values): string =>
    i18next.t(key, { ns: namespace, ...values })
  // The hook is made once per catalog when its module loads, never during a render, so the
  // rules of hooks hold: every call site calls the same function in the same order.
  // biome-ignore lint/correctness/noComponentHookFactories: module-level factory, see above.
  function useMessages() {
    use(loadCatalog(useLocale(), namespace))
    return translate
  }
  // `t` is for code outside React (the landing page's prerender, document titles), which
  // reads the texts of the language loaded at that moment.
  return Object.assign(useMessages, { t: translate })
}

/** Resolves when every area registered so far has its texts in the selected language. */
export function catalogsReady(): Promise<void> {
  const locale = currentLocale()
  return Promise.all([...englishCatalogs.keys()].map((ns) => loadCatalog(locale, ns))).then(
    () => undefined,
  )
}

function remember(language: Language) {
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

/**
 * Switches the whole app to `language` without a reload: the catalogs of every area already
 * on screen are loaded first, then every text changes at once. The choice is kept in the
 * browser (and a cookie for the server's landing page); settings-sync saves it for a
 * signed-in user. In the pseudo-locale the language stays put.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (currentLocale() === PSEUDO_LOCALE) return
  remember(language)
  await Promise.all([...englishCatalogs.keys()].map((ns) => loadCatalog(language, ns)))
  if (typeof document !== 'undefined') document.documentElement.lang = language
  await i18next.changeLanguage(language)
}
