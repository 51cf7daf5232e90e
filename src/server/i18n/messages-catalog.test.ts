import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { findBillCustomer } from '#server/bills/find-bill-customer.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { InsufficientFundsError } from '#server/ledger/ledger-errors.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { APP_ERROR_STATUS } from '#shared/errors.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import { BILLERS } from '#shared/schemas/bills.ts'

/**
 * The catalogs that put the API's refusals into the request's language (src/server/i18n): every
 * language has English's keys with English's placeholders, every error code has a generic text,
 * and every message the source sends is a key, so a new message nobody translated fails here.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const LANGUAGES = ['fr', 'es', 'ha'] as const
const PLACEHOLDER = /\{(\w+)\}/g

const catalogSchema = z.object({
  codes: z.record(z.string(), z.string()),
  messages: z.record(z.string(), z.string()),
})
type Catalog = z.infer<typeof catalogSchema>

function readCatalog(language: string): Catalog {
  const path = join(ROOT, 'src/server/i18n/locales', `${language}.json`)
  return catalogSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
}

const english = readCatalog('en')
const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, readCatalog(language)]))

function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The key an English message is looked up by, the way the server's localizer does it: the
 * exact message, else the first template that matches, the one with the most literal text first.
 */
function keyFinder(messages: Record<string, string>): (message: string) => string | undefined {
  const templates = Object.keys(messages)
    .filter((key) => placeholdersOf(key).length > 0)
    .map((key) => {
      const source = key
        .split(PLACEHOLDER)
        .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
        .join('')
      return { key, pattern: new RegExp(`^${source}$`, 's') }
    })
    .sort((a, b) => b.pattern.source.length - a.pattern.source.length)
  return (message) =>
    Object.hasOwn(messages, message)
      ? message
      : templates.find((template) => template.pattern.test(message))?.key
}

describe('the server message catalogs', () => {
  it('give English as its own translation', () => {
    for (const [key, text] of Object.entries(english.messages)) expect(text).toBe(key)
  })

  it.each(LANGUAGES)('%s has exactly the English codes and messages', (language) => {
    const catalog = catalogs[language]
    expect(Object.keys(catalog?.codes ?? {}).sort()).toEqual(Object.keys(english.codes).sort())
    expect(Object.keys(catalog?.messages ?? {}).sort()).toEqual(
      Object.keys(english.messages).sort(),
    )
  })

  it.each(LANGUAGES)('%s keeps every placeholder and leaves nothing empty', (language) => {
    const catalog = catalogs[language] ?? { codes: {}, messages: {} }
    const problems: string[] = []
    for (const [code, text] of Object.entries(catalog.codes)) {
      if (text.trim() === '') problems.push(`code ${code} is empty`)
      if (placeholdersOf(text).length > 0) problems.push(`code ${code} has a placeholder`)
    }
    for (const [key, text] of Object.entries(catalog.messages)) {
      if (text.trim() === '') problems.push(`"${key}" is empty`)
      const expected = placeholdersOf(key).join(', ')
      const actual = placeholdersOf(text).join(', ')
      if (actual !== expected) problems.push(`"${key}" has {${actual}}, English {${expected}}`)
    }
    expect(problems).toEqual([])
  })

  it('writes French with a non-breaking space before : ; ? and !', () => {
    const french = catalogs.fr ?? { codes: {}, messages: {} }
    const texts = [...Object.values(french.codes), ...Object.values(french.messages)]
    expect(texts.filter((text) => / [:;?!]/.test(text))).toEqual([])
  })

  it('has a generic text for every error code, and only for those', () => {
    expect(Object.keys(english.codes).sort()).toEqual(Object.keys(APP_ERROR_STATUS).sort())
  })
})

// ---------------------------------------------------------------------------------------------
// The messages the source sends

/** Literals the scan finds that are no message a user reads (none so far). */
const IGNORED = new Set<string>([])

const LITERAL = String.raw`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"`
/** A string literal, or the name of a string constant of the same file. */
const ARGUMENT = String.raw`(?:${LITERAL}|([A-Z][A-Z0-9_]*)\b)`
const REGEX_LITERAL = String.raw`/(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[a-z]*`
/** Everything before a validator's message: other arguments, regex literals and arrow functions. */
const LEADING_ARGUMENTS = String.raw`(?:(?:${REGEX_LITERAL}|[^'"()/]|\((?:[^()]|\([^()]*\))*\))*?,\s*)?`

type Rule = { pattern: RegExp; suffix?: string }

const rule = (source: string, suffix?: string): Rule => ({
  pattern: new RegExp(source, 'g'),
  ...(suffix ? { suffix } : {}),
})

/** Where the server words a refusal: AppError, field errors, error bodies, helpers. */
const SERVER_RULES: Rule[] = [
  rule(String.raw`new AppError\(\s*'[A-Z_]+',\s*${ARGUMENT}`),
  rule(String.raw`super\(\s*'[A-Z_]+',\s*${ARGUMENT}`),
  rule(String.raw`\{\s*path:\s*[^,{}]+,\s*message:\s*${ARGUMENT}`),
  rule(String.raw`\.send\(\{\s*message:\s*${ARGUMENT}`),
  rule(String.raw`\brefuse\(\s*${ARGUMENT}`),
  rule(String.raw`\bconst message\s*=\s*${ARGUMENT}`),
  // requireProvider words its 503 as `${unavailable}. Please try again later.`
  rule(String.raw`\brequireProvider\(\s*[\w.]+,\s*${ARGUMENT}`, '. Please try again later.'),
  // A card the acquirer declines: its reason is the 402's message.
  rule(String.raw`\bapproved:\s*false,\s*reason:\s*${ARGUMENT}`),
]

/** Error bodies and zod options written as objects: `{ message: '...' }`, `{ error: '...' }`. */
const PROPERTY_RULE = rule(String.raw`\b(?:error|message):\s*${ARGUMENT}`)
/** Where bodies and schemas carry user-facing messages (src/server/config.ts words no user's error). */
const PROPERTY_FILES = ['src/shared/', 'src/server/http/']

/** Where a zod schema words a validation error. */
const SCHEMA_RULES: Rule[] = [
  rule(
    String.raw`\.(?:min|max|length|regex|refine|int|gte|lte|gt|lt|nonempty)\(\s*${LEADING_ARGUMENTS}${ARGUMENT}\s*,?\s*\)`,
  ),
  // Schema factories that take their message: walletIdSchema('Please select a wallet').
  rule(String.raw`\b\w+Schema\(\s*${ARGUMENT}\s*\)`),
]

/** Where zod schemas live. */
const SCHEMA_FILES = ['src/shared/schemas/', 'src/shared/money.ts', 'src/server/http/routes/']

function sourceFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(directory, name))
}

/** Every message literal of the source, with the files it is in. */
function scanMessages(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const files = [...sourceFiles('src/server'), ...sourceFiles('src/shared')]
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const constants = new Map<string, string>()
    for (const match of text.matchAll(
      new RegExp(String.raw`\bconst ([A-Z][A-Z0-9_]*)\s*=\s*(?:${LITERAL})`, 'g'),
    )) {
      constants.set(match[1] ?? '', match[2] ?? match[3] ?? '')
    }
    const rules = [
      ...SERVER_RULES,
      ...(PROPERTY_FILES.some((prefix) => file.startsWith(prefix)) ? [PROPERTY_RULE] : []),
      ...(SCHEMA_FILES.some((prefix) => file.startsWith(prefix)) ? SCHEMA_RULES : []),
    ]
    for (const { pattern, suffix = '' } of rules) {
      for (const match of text.matchAll(pattern)) {
        const message = match[1] ?? match[2] ?? constants.get(match[3] ?? '')
        if (!message) continue
        const key = `${message.replace(/\\(.)/g, '$1')}${suffix}`
        found.set(key, [...new Set([...(found.get(key) ?? []), file])])
      }
    }
  }
  return found
}

describe('the messages the server sends', () => {
  const found = scanMessages()

  it('are found by the scan', () => {
    // A scan that found little would pass while checking nothing.
    expect(found.size).toBeGreaterThan(150)
    expect(found.has('Payment request not found')).toBe(true)
    expect(found.has('Please select a wallet')).toBe(true)
    expect(found.has('Bank transfers are not available right now. Please try again later.')).toBe(
      true,
    )
  })

  it('are all in the English catalog', () => {
    const missing = [...found]
      .filter(([message]) => !IGNORED.has(message) && !Object.hasOwn(english.messages, message))
      .map(([message, files]) => `${message} (${files.join(', ')})`)
    expect(missing).toEqual([])
  })

  const findKey = keyFinder(english.messages)

  it('find their template when built from one', () => {
    const expected: [string, string][] = [
      ['GET is not allowed here', '{method} is not allowed here'],
      [
        'Too many requests. Please try again in 30 seconds.',
        'Too many requests. Please try again in {seconds} seconds.',
      ],
      [
        'Too many requests. Please try again in 1 minute.',
        'Too many requests. Please try again in 1 minute.',
      ],
      [
        'Too many requests. Please try again in 15 minutes.',
        'Too many requests. Please try again in {minutes} minutes.',
      ],
      ['Incorrect PIN. 1 attempt left.', 'Incorrect PIN. 1 attempt left.'],
      ['Incorrect PIN. 3 attempts left.', 'Incorrect PIN. {count} attempts left.'],
      [
        'Your PIN is locked after 5 wrong attempts. Try again in 1 minute.',
        'Your PIN is locked after {max} wrong attempts. Try again in 1 minute.',
      ],
      [
        'Your PIN is locked after 5 wrong attempts. Try again in 30 minutes.',
        'Your PIN is locked after {max} wrong attempts. Try again in {minutes} minutes.',
      ],
      [
        'Payment references for Lagos State Government are 10 to 20 digits',
        'Payment references for {biller} are {min} to {max} digits',
      ],
      [
        'Payment references for Federal Government TSA (Remita) are 12 digits',
        'Payment references for {biller} are {length} digits',
      ],
      [
        'The most you can send in one payment on your current tier is ₦50,000.00',
        'The most you can send in one payment on your current tier is {amount}',
      ],
      [
        'You can send ₦20,000.00 more today on your current tier',
        'You can send {amount} more today on your current tier',
      ],
      [
        'Your wallets still hold 12.50 NGN, 3.00 USD. Send, exchange or spend it before deactivating.',
        'Your wallets still hold {balances}. Send, exchange or spend it before deactivating.',
      ],
      [
        'The quote is for cash pickup: enter those recipient details or get a new quote',
        'The quote is for cash pickup: enter those recipient details or get a new quote',
      ],
    ]
    expect(expected.map(([message]) => [message, findKey(message)])).toEqual(expected)
  })

  it('find a key for every bill customer number refusal', async () => {
    const nobody: BillerProvider = {
      name: 'nobody',
      submit: () => Promise.reject(new Error('not used')),
      status: () => Promise.reject(new Error('not used')),
      lookupCustomer: async () => undefined,
    }
    const messages: string[] = []
    for (const biller of BILLERS) {
      const valid = '1'.repeat(biller.customerNumber.minLength)
      for (const number of ['-', valid]) {
        await findBillCustomer(biller, number, nobody).catch((error: unknown) => {
          if (error instanceof Error) messages.push(error.message)
        })
      }
    }
    // A phone top-up's number is never looked up (docs/transfers.md "Bills"): a valid one has no
    // refusal to word.
    const topUps = BILLERS.filter((biller) => biller.customerNumber.kind === 'phone').length
    expect(messages).toHaveLength(BILLERS.length * 2 - topUps)
    expect(messages.filter((message) => findKey(message) === undefined)).toEqual([])
  })

  it('find a key for the amount and balance refusals', () => {
    const messages: string[] = []
    for (const input of ['1.234', 'abc', '-5', '0', '500', '99999999999999999999']) {
      try {
        parseAmountOrThrow(input, 'NGN', { maxMinor: 10_000n })
      } catch (error) {
        if (error instanceof Error) messages.push(error.message)
      }
    }
    const shortfall = explainInsufficientFunds(
      new InsufficientFundsError(1, 100n, 250n),
      'NGN',
      '₦',
    )
    if (shortfall instanceof Error) messages.push(shortfall.message)
    expect(messages).toHaveLength(7)
    expect(messages.filter((message) => findKey(message) === undefined)).toEqual([])
  })
})
