import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import english from '#client/locales/en/errors.json' with { type: 'json' }
import spanish from '#client/locales/es/errors.json' with { type: 'json' }
import french from '#client/locales/fr/errors.json' with { type: 'json' }
import hausa from '#client/locales/ha/errors.json' with { type: 'json' }
import { APP_ERROR_STATUS, AppError, amountParam, type ErrorKey, msg } from '#shared/errors.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { renderText } from '#shared/render-text.ts'
import { usernameSchema } from '#shared/schemas/auth.ts'
import { issueMessage } from '#shared/schemas/issue-message.ts'
import { checkCatalogs } from '../../../scripts/check-catalogs.ts'
import { codeKey, errorBody, renderMessage } from './render-error.ts'

/**
 * The errors catalog (src/client/locales/<language>/errors.json) words every refusal of the
 * server: every key the server uses has its four texts with English's placeholders, every
 * error code its generic text, and no refusal is worded in English at its source.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CATALOGS = { en: english, fr: french, es: spanish, ha: hausa } as const

describe('the errors catalog', () => {
  it('has every key in the four languages, with the same placeholders', () => {
    expect(checkCatalogs().filter((problem) => problem.includes('/errors:'))).toEqual([])
  })

  it('fails the check on a key a language lacks or a placeholder it drops', () => {
    // checkCatalogs is tested on a made-up project in src/client/i18n/catalogs.test.ts; here,
    // that the errors namespace is one it reads.
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGS[language]).length).toBeGreaterThanOrEqual(
        Object.keys(english).length,
      )
    }
  })

  it('has a generic text for every error code, and only for those', () => {
    const codes = Object.keys(english)
      .filter((key) => key.startsWith('code_'))
      .map((key) => key.slice('code_'.length))
    expect(codes.sort()).toEqual(Object.keys(APP_ERROR_STATUS).sort())
  })

  it('words a text as i18next does, in every language', async () => {
    const engine = i18next.createInstance()
    await engine.init({
      lng: 'en',
      fallbackLng: 'en',
      resources: Object.fromEntries(
        LANGUAGES.map((language) => [language, { errors: CATALOGS[language] }]),
      ),
      interpolation: { escapeValue: false },
    })
    const values = { count: 3, min: 3, max: 20, amount: '₦5.00', currency: 'USD', until: 'x' }
    for (const language of LANGUAGES) {
      for (const key of Object.keys(english)) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
        expect(renderText(CATALOGS[language], english, language, base, values)).toBe(
          engine.t(base, { ns: 'errors', lng: language, ...values }),
        )
      }
    }
  })
})

describe('a refusal', () => {
  const limit = msg('limitSingle', { amount: amountParam('50000.00', '₦') })

  it('keeps its English words in error.message', () => {
    expect(new AppError('LIMIT_EXCEEDED', limit).message).toBe(
      'The most you can send in one payment on your current tier is ₦50,000.00',
    )
    expect(new AppError('PIN_INVALID', msg('pinIncorrectAttemptsLeft', { count: 3 })).message).toBe(
      'Incorrect PIN. 3 attempts left.',
    )
  })

  it('is worded in the language asked, its amounts as the language writes money', () => {
    expect(renderMessage(limit, 'fr')).toBe(
      french.limitSingle.replace('{{amount}}', '50\u202f000,00\u00a0₦'),
    )
    expect(renderMessage(limit, 'es')).toBe(
      spanish.limitSingle.replace('{{amount}}', '50.000,00\u00a0₦'),
    )
  })

  it('leaves as {message, code, key, params} with its field errors worded alike', () => {
    const error = new AppError('VALIDATION_FAILED', msg('usernameLeastMinCharacters', { min: 3 }), [
      { path: 'username', message: msg('usernameLeastMinCharacters', { min: 3 }) },
    ])
    const text = hausa.usernameLeastMinCharacters.replace('{{min}}', '3')
    expect(errorBody(error, 'ha')).toEqual({
      message: text,
      code: 'VALIDATION_FAILED',
      key: 'usernameLeastMinCharacters',
      params: { min: 3 },
      errors: [
        { path: 'username', message: text, key: 'usernameLeastMinCharacters', params: { min: 3 } },
      ],
    })
  })

  it('gets the values of a schema issue from the issue, not from English', () => {
    const parsed = usernameSchema.safeParse('ab')
    expect(parsed.success).toBe(false)
    const message = issueMessage(parsed.error?.issues[0])
    expect(message).toEqual({ key: 'usernameLeastMinCharacters', params: { min: 3 } })
    expect(renderMessage(message, 'en')).toBe('Username must be at least 3 characters')
  })

  it('has a generic text per code for the words no key was found for', () => {
    expect(renderMessage(msg(codeKey('CONFLICT')), 'fr')).toBe(french.code_CONFLICT)
  })
})

// ---------------------------------------------------------------------------------------------
// No refusal is worded in English at its source

function sourceFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(directory, name))
}

/** A quoted string or the start of a template literal. */
const STRING = ['(?:', String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`, '`', ')'].join('')
const ENGLISH_SITES = [
  new RegExp(String.raw`new AppError\(\s*'[A-Z_]+',\s*${STRING}`, 'g'),
  new RegExp(String.raw`\{\s*path:\s*[^,{}]+,\s*message:\s*${STRING}`, 'g'),
  new RegExp(String.raw`\brefuse\(\s*${STRING}`, 'g'),
]

/** The messages zod schemas give their issues: each must be a key (issue-message.ts). */
const SCHEMA_MESSAGE =
  /(?:\{\s*error:\s*|\.(?:min|max|length|regex|refine|int|gte|lte|gt|lt|nonempty)\((?:[^()'"]|\([^()]*\))*?,\s*)'([^']*)'/g

describe('the source', () => {
  const files = [...sourceFiles('src/server'), ...sourceFiles('src/shared')]

  it('words every AppError with a key, never English', () => {
    const english: string[] = []
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const pattern of ENGLISH_SITES) {
        for (const match of text.matchAll(pattern)) english.push(`${file}: ${match[0]}`)
      }
    }
    expect(english).toEqual([])
  })

  it('gives schema issues keys of the catalog', () => {
    const unknown: string[] = []
    let found = 0
    for (const file of files.filter((name) => name.startsWith('src/shared/schemas/'))) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const match of text.matchAll(SCHEMA_MESSAGE)) {
        found += 1
        const key = (match[1] ?? '').split(' ')[0] ?? ''
        if (!Object.hasOwn(english, key)) unknown.push(`${file}: ${match[1]}`)
      }
    }
    expect(found).toBeGreaterThan(100)
    expect(unknown).toEqual([])
  })

  it('types keys: a key English lacks does not compile', () => {
    // @ts-expect-error: no such key
    const typo: ErrorKey = 'limitSingel'
    expect(typo).toBe('limitSingel')
  })
})
