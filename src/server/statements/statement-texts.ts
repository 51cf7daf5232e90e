import type { Language } from '#shared/languages.ts'
import english from './locales/en.json' with { type: 'json' }
import spanish from './locales/es.json' with { type: 'json' }
import french from './locales/fr.json' with { type: 'json' }
import hausa from './locales/ha.json' with { type: 'json' }

type StatementKey = keyof typeof english
const CATALOGS: Record<Language, Record<StatementKey, string>> = {
  en: english,
  fr: french,
  es: spanish,
  ha: hausa,
}

/** The statement's own words (its headings and labels) in `language`, `{placeholders}` filled. */
export function statementTexts(language: Language) {
  return (key: StatementKey, values: Record<string, string> = {}) =>
    CATALOGS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
