import i18next from 'i18next'
import { type Locale, PSEUDO_LOCALE } from './language.ts'

/**
 * The translation engine, i18next, with the list of the non-English catalogs: one chunk that
 * i18n.ts loads after the app's entry, beside the page's code (docs/i18n.md "Loading"). Nothing
 * but i18n.ts imports it.
 */

export type Messages = Readonly<Record<string, string>>

// The non-English catalogs, one lazily loaded chunk per language and area.
const catalogFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
})

// Initialised synchronously with no resources: each area registers its own English catalog
// when its module loads (i18n.ts hands over those registered before this chunk arrived), so a
// lazily loaded page brings its strings with it. Plurals follow Intl.PluralRules. The locale
// is language.ts's, named in every call, so i18next's own language is never changed.
void i18next.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** Adds an area's texts in one locale; English is the fallback of every other. */
export function addCatalog(locale: Locale, namespace: string, messages: Messages) {
  i18next.addResourceBundle(locale, namespace, messages, true, true)
}

/**
 * Fetches and adds one area's texts in a locale other than English. A catalog that cannot be
 * fetched (offline on a language never used before) leaves that area in English rather than
 * blocking the screen.
 */
export async function loadCatalog(
  locale: Exclude<Locale, 'en'>,
  namespace: string,
  english: Messages,
): Promise<void> {
  try {
    if (locale === PSEUDO_LOCALE) {
      // Only the pseudo-locale's test uses it, so no user downloads it.
      const { pseudoLocalize } = await import('./pseudo-locale.ts')
      addCatalog(locale, namespace, pseudoLocalize(english))
      return
    }
    const file = catalogFiles[`../locales/${locale}/${namespace}.json`]
    if (!file) throw new Error(`no ${locale} catalog for ${namespace}`)
    addCatalog(locale, namespace, await file())
  } catch (error) {
    console.warn(`The ${locale} texts of ${namespace} could not be loaded`, error)
  }
}

export function translate(
  locale: Locale,
  namespace: string,
  key: string,
  values?: Record<string, string | number>,
): string {
  return i18next.t(key, { ns: namespace, lng: locale, ...values })
}
