import type { Language } from './languages.ts'

/** A flat catalog of one language and area, as under src/client/locales/<language>/. */
export type Texts = Readonly<Record<string, string>>

const pluralRules = new Map<Language, Intl.PluralRules>()

function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

/**
 * One text of a catalog as i18next words it (docs/i18n.md "Catalogs"), for code that has no
 * i18next, the server among it: with a numeric `count`, the plural form `Intl.PluralRules`
 * picks for `language` (`_one`, `_many`, `_other`...); `{{name}}` filled from `values`, a
 * placeholder without a value left as it is; a key the catalog lacks read in `fallback`
 * (English), then as itself. A test compares it with i18next on every catalog text.
 */
export function renderText(
  texts: Texts,
  fallback: Texts,
  language: Language,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const count = values.count
  const plural =
    typeof count === 'number'
      ? [texts, fallback]
          .map((catalog, index) => {
            const category = pluralOf(index === 0 ? language : 'en', count)
            return catalog[`${key}_${category}`] ?? catalog[`${key}_other`]
          })
          .find((text) => text !== undefined)
      : undefined
  const text = plural ?? texts[key] ?? fallback[key] ?? key
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name]
    return value === undefined ? placeholder : String(value)
  })
}
