import { type FulfilledReactPromise, type PendingReactPromise, use } from 'react'
import type * as Engine from './engine.ts'
import {
  currentLocale,
  type Language,
  type Locale,
  PSEUDO_LOCALE,
  rememberLanguage,
  showLocale,
  useLocale,
} from './language.ts'

/**
 * The catalogs (docs/i18n.md, docs/decisions/006-json-catalogs-loaded-per-language.md). English
 * is the source: its catalogs are bundled with the code that uses them; the others are JSON
 * files under src/client/locales/<language>/ loaded when a page needs them in that language.
 * The translation engine loads after the app's entry (`engineReady`).
 */

type Messages = Engine.Messages

/**
 * A promise React's `use` can read without suspending once it has settled: React looks for
 * `status` and `value` on a thenable (the protocol data libraries use), so a catalog already
 * loaded renders at once, and `use` is called on every render, never conditionally.
 */
type Tracked = PendingReactPromise<void> | FulfilledReactPromise<void>

/** Tracks a promise that never rejects (failures are caught where they happen). */
function tracked(promise: Promise<void>): Tracked {
  const result = Object.assign(promise, { status: 'pending' as const })
  void promise.then(() => Object.assign(result, { status: 'fulfilled', value: undefined }))
  return result
}

const englishCatalogs = new Map<string, Messages>()
const loading = new Map<string, Tracked>()

/**
 * i18next and the list of catalogs (engine.ts) are about 17 KB gzipped that React does not need
 * to start, so they are not in the app's entry (docs/performance.md "Page weight"): their
 * download starts as this module is evaluated, beside the page's chunk and the first API calls,
 * and every area's hook suspends until they are there. `null` if the chunk could not be loaded:
 * the texts are then English (`englishText`), as an area's are when its catalog cannot be
 * fetched, rather than no screen at all.
 */
let engine: typeof Engine | null | undefined
const engineLoaded: Promise<void> = import('./engine.ts').then(
  (loaded) => {
    for (const [namespace, messages] of englishCatalogs) {
      loaded.addCatalog('en', namespace, messages)
    }
    engine = loaded
  },
  (error: unknown) => {
    engine = null
    console.warn('The translation engine could not be loaded: texts stay in English', error)
  },
)
const engineReady = tracked(engineLoaded)

/** Settles once the engine and one area's texts in one locale are ready (English: the engine). */
function loadCatalog(locale: Locale, namespace: string): Tracked {
  if (locale === 'en') return engineReady
  const key = `${locale}|${namespace}`
  const started = loading.get(key)
  if (started) return started
  const result = tracked(
    engineLoaded.then(() =>
      engine?.loadCatalog(locale, namespace, englishCatalogs.get(namespace) ?? {}),
    ),
  )
  loading.set(key, result)
  return result
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
/** A catalog's keys as code names them: `sales` for `sales_one` and `sales_other`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K
export type MessageKey<M> = WithoutPlural<keyof M & string>
type Values = Record<string, string | number>

const englishPlural = new Intl.PluralRules('en')

/**
 * An English text without the engine: what `.t` gives before i18next has loaded, or if it never
 * does. No component gets here (its hook suspends until the engine is ready), only code outside
 * React that runs that early, and unit tests. `.t` stays synchronous rather than making such
 * callers await, because its callers are formatters called during renders; this does what
 * i18next does with Sabi's English catalogs: the `_one`/`_other` pick of `Intl.PluralRules`
 * for `count`, `{{name}}` placeholders filled (one without a value is left as it is), and a
 * missing key read as itself.
 */
export function englishText(messages: Messages, key: string, values?: Values): string {
  const count = values?.count
  const plural =
    typeof count === 'number'
      ? (messages[`${key}_${englishPlural.select(count)}`] ?? messages[`${key}_other`])
      : undefined
  const text = plural ?? messages[key] ?? key
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values?.[name]
    return value === undefined ? placeholder : String(value)
  })
}

/**
 * Registers an area's English catalog under a namespace and returns a hook that gives a
 * translator typed by that catalog's keys, so a missing key is a compile error. The hook
 * suspends (React `use`) until the engine and, in another language, the area's catalog have
 * arrived, so a screen never flashes English before its own words; a change of language loads
 * first and then switches (`setLanguage`), so nothing suspends then.
 */
export function defineMessages<M extends Messages>(namespace: string, messages: M) {
  englishCatalogs.set(namespace, messages)
  engine?.addCatalog('en', namespace, messages)
  const locale = currentLocale()
  if (locale !== 'en') void loadCatalog(locale, namespace)
  const translate = (key: MessageKey<M>, values?: Values): string =>
    engine
      ? engine.translate(currentLocale(), namespace, key, values)
      : englishText(messages, key, values)
  // The hook is made once per catalog when its module loads, never during a render, so the
  // rules of hooks hold: every call site calls the same function in the same order.
  // biome-ignore lint/correctness/noComponentHookFactories: module-level factory, see above.
  function useMessages() {
    use(loadCatalog(useLocale(), namespace))
    return translate
  }
  // `t` is for code outside React (the landing page's prerender, formatters), which reads the
  // texts of the language loaded at that moment.
  return Object.assign(useMessages, { t: translate })
}

let latestChoice = 0

/**
 * Switches the whole app to `language` without a reload: the catalogs of every area already
 * on screen are loaded first, then every text changes at once. The choice is kept in the
 * browser (and a cookie for the server's landing page); settings-sync saves it for a
 * signed-in user. In the pseudo-locale the language stays put.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (currentLocale() === PSEUDO_LOCALE) return
  rememberLanguage(language)
  const choice = ++latestChoice
  await Promise.all([
    engineReady,
    ...[...englishCatalogs.keys()].map((ns) => loadCatalog(language, ns)),
  ])
  // Two choices in quick succession: the later one wins, whichever language loads first.
  if (choice === latestChoice) showLocale(language)
}
