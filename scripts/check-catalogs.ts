import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'

/**
 * Checks the client's catalogs (docs/i18n.md "Catalogs"), run by `npm run build` and by a test
 * in `npm test`: every language has every English key, with the plural forms its language
 * needs (Intl.PluralRules) and the same placeholders; no language has a key English lacks; no
 * text is empty; and every English key is used somewhere in the client's code.
 */
const LOCALES_DIR = 'src/client/locales'
/** Where keys are named: the client, the shared schemas, and the server (the errors catalog's). */
const SOURCE_DIRS = ['src/client', 'src/shared', 'src/server']
const SOURCE_LANGUAGE = 'en'
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g

const catalogSchema = z.record(z.string(), z.string())
type Catalog = z.infer<typeof catalogSchema>

function readCatalog(root: string, language: string, namespace: string): Catalog | undefined {
  try {
    const text = readFileSync(join(root, LOCALES_DIR, language, `${namespace}.json`), 'utf8')
    return catalogSchema.parse(JSON.parse(text))
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined
    throw error
  }
}

function placeholders(text: string): string {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? match[2] ?? '')
    .sort()
    .join(',')
}

/** English keys with their plural groups expanded to the forms `language` needs. */
function expectedKeys(english: Catalog, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const expected = new Map<string, string>()
  for (const [key, text] of Object.entries(english)) {
    if (!PLURAL_SUFFIX.test(key)) {
      expected.set(key, text)
      continue
    }
    const base = key.replace(PLURAL_SUFFIX, '')
    const other = english[`${base}_other`] ?? text
    for (const category of categories) expected.set(`${base}_${category}`, other)
  }
  return expected
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

type UsedStrings = { literals: Set<string>; prefixes: string[]; suffixes: string[] }

/**
 * The string literals of the code, and the fixed starts and ends of its template literals
 * (`tierName${tier}`, `${type}Hint`), which name keys too.
 */
function usedStrings(root: string): UsedStrings {
  const used: UsedStrings = { literals: new Set(), prefixes: [], suffixes: [] }
  const dirs = SOURCE_DIRS.map((dir) => join(root, dir)).filter((dir) => existsSync(dir))
  for (const file of dirs.flatMap((dir) => sourceFiles(dir))) {
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/'([A-Za-z0-9_]+)'|"([A-Za-z0-9_]+)"/g)) {
      used.literals.add(match[1] ?? match[2] ?? '')
    }
    for (const match of source.matchAll(/`([A-Za-z0-9_]+)\$\{/g)) used.prefixes.push(match[1] ?? '')
    for (const match of source.matchAll(/\}([A-Za-z0-9_]+)`/g)) used.suffixes.push(match[1] ?? '')
  }
  return used
}

function isUsed(key: string, used: UsedStrings): boolean {
  const base = key.replace(PLURAL_SUFFIX, '')
  return (
    used.literals.has(base) ||
    used.prefixes.some((prefix) => base.startsWith(prefix)) ||
    used.suffixes.some((suffix) => base.endsWith(suffix))
  )
}

export function checkCatalogs(root = process.cwd()): string[] {
  const problems: string[] = []
  const languages = readdirSync(join(root, LOCALES_DIR)).filter((name) => name !== SOURCE_LANGUAGE)
  const namespaces = readdirSync(join(root, LOCALES_DIR, SOURCE_LANGUAGE))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''))
  const used = usedStrings(root)

  for (const namespace of namespaces) {
    const english = readCatalog(root, SOURCE_LANGUAGE, namespace) ?? {}
    for (const [key, text] of Object.entries(english)) {
      if (!isUsed(key, used))
        problems.push(`${SOURCE_LANGUAGE}/${namespace}: ${key} is used nowhere`)
      if (text.trim() === '') problems.push(`${SOURCE_LANGUAGE}/${namespace}: ${key} is empty`)
    }
    for (const language of languages) {
      const where = `${language}/${namespace}`
      const catalog = readCatalog(root, language, namespace)
      if (!catalog) {
        problems.push(`${where}: the catalog is missing`)
        continue
      }
      const expected = expectedKeys(english, language)
      for (const [key, source] of expected) {
        const text = catalog[key]
        if (text === undefined) problems.push(`${where}: ${key} is missing`)
        else if (text.trim() === '') problems.push(`${where}: ${key} is empty`)
        else if (placeholders(text) !== placeholders(source)) {
          problems.push(
            `${where}: ${key} has {${placeholders(text)}}, English {${placeholders(source)}}`,
          )
        }
      }
      for (const key of Object.keys(catalog)) {
        if (!expected.has(key)) problems.push(`${where}: ${key} is not an English key`)
      }
    }
  }
  return problems
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = checkCatalogs()
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) {
    console.error(
      `${problems.length} catalog problem(s) in ${relative(process.cwd(), LOCALES_DIR)}`,
    )
    process.exit(1)
  }
  console.log('catalogs: every language has every key')
}
