import { z } from 'zod'
import type { Language } from '#shared/languages.ts'
import { writeAmount } from '#shared/write-amount.ts'
import english from './locales/en.json' with { type: 'json' }
import spanish from './locales/es.json' with { type: 'json' }
import french from './locales/fr.json' with { type: 'json' }
import hausa from './locales/ha.json' with { type: 'json' }

/**
 * The API's refusals in the user's language (docs/i18n.md "Server messages"). The server
 * words every error in English; before the answer leaves, its `message` and each field
 * message are looked up in the request language's catalog: an exact message, then a message
 * template with `{placeholders}`, then the generic text of the error's code. So a French or
 * Hausa screen never shows English, even for a message no catalog has yet.
 */
const catalogSchema = z.object({
  codes: z.record(z.string(), z.string()),
  messages: z.record(z.string(), z.string()),
})
type Catalog = z.infer<typeof catalogSchema>

type Template = { pattern: RegExp; names: string[]; text: string }
type CompiledCatalog = {
  codes: Catalog['codes']
  exact: Map<string, string>
  templates: Template[]
}

const PLACEHOLDER = /\{(\w+)\}/g

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function compile(english: Catalog, catalog: Catalog): CompiledCatalog {
  const exact = new Map<string, string>()
  const templates: Template[] = []
  for (const key of Object.keys(english.messages)) {
    const text = catalog.messages[key]
    if (text === undefined) continue
    const names = [...key.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
    if (names.length === 0) {
      exact.set(key, text)
      continue
    }
    const source = key
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
      .join('')
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, text })
  }
  // Longer templates first: the more literal text a template has, the more specific it is.
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length)
  return { codes: catalog.codes, exact, templates }
}

// Bundled with the server (scripts/build-server.ts), checked once at start-up.
const ENGLISH = catalogSchema.parse(english)
const CATALOGS: Record<Exclude<Language, 'en'>, CompiledCatalog> = {
  fr: compile(ENGLISH, catalogSchema.parse(french)),
  es: compile(ENGLISH, catalogSchema.parse(spanish)),
  ha: compile(ENGLISH, catalogSchema.parse(hausa)),
}

// An amount as the server writes it in English: "$25.00", "-₦1,200.50", "1,000,000.00".
const ENGLISH_AMOUNT = /^(-?)([^\d\s.,-]{0,4})(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/

/**
 * A value of a message that is an amount, written as `language` writes money (the client's
 * rule, src/shared/write-amount.ts); any other value (a count, a name, an account number) as
 * it came.
 */
function localizeAmount(value: string, language: Language): string {
  const match = ENGLISH_AMOUNT.exec(value)
  if (!match) return value
  const [, sign = '', symbol = '', whole = '', fraction = ''] = match
  if (!symbol && !fraction && !whole.includes(',')) return value
  const decimal = `${sign}${whole.replaceAll(',', '')}.${fraction || '0'}`
  return writeAmount(decimal, fraction.length, symbol || null, language)
}

/**
 * One English message in `language` when a catalog has it, exactly or as a template; undefined
 * when none does (a provider's own words, say), for the caller to decide.
 */
export function translateMessage(message: string, language: Language): string | undefined {
  if (language === 'en') return message
  const catalog = CATALOGS[language]
  const exact = catalog.exact.get(message)
  if (exact !== undefined) return exact
  for (const template of catalog.templates) {
    const match = template.pattern.exec(message)
    if (!match) continue
    const values = new Map(
      template.names.map((name, index) => [name, localizeAmount(match[index + 1] ?? '', language)]),
    )
    return template.text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole)
  }
  return undefined
}

/** One English message in `language`, falling back to the text of its error code. */
export function localizeMessage(message: string, code: string, language: Language): string {
  if (language === 'en') return message
  const translated = translateMessage(message, language)
  if (translated !== undefined) return translated
  const catalog = CATALOGS[language]
  return catalog.codes[code] ?? catalog.codes.INTERNAL ?? message
}

const errorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional(),
})

/** An error body `{message, code, errors?}` with its words in `language`; any other payload as is. */
export function localizeErrorBody(payload: unknown, language: Language): unknown {
  if (language === 'en') return payload
  const body = errorBodySchema.safeParse(payload)
  if (!body.success) return payload
  const { message, code, errors } = body.data
  return {
    ...body.data,
    message: localizeMessage(message, code, language),
    ...(errors
      ? {
          errors: errors.map((error) => ({
            ...error,
            message: localizeMessage(error.message, code, language),
          })),
        }
      : {}),
  }
}
