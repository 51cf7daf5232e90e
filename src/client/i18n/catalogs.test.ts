import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkCatalogs } from '../../../scripts/check-catalogs.ts'

describe('the catalogs', () => {
  it('have every key in every language, with the same placeholders, and no unused key', () => {
    expect(checkCatalogs()).toEqual([])
  })
})

describe('the catalog check', () => {
  let root: string | undefined
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true })
  })

  function project(catalogs: Record<string, Record<string, string>>, code: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'sabi-catalogs-'))
    for (const [language, messages] of Object.entries(catalogs)) {
      mkdirSync(join(dir, 'src/client/locales', language), { recursive: true })
      writeFileSync(
        join(dir, 'src/client/locales', language, 'area.json'),
        JSON.stringify(messages),
      )
    }
    mkdirSync(join(dir, 'src/shared'), { recursive: true })
    writeFileSync(join(dir, 'src/client/area.tsx'), code)
    return dir
  }

  it('finds a missing key, a wrong placeholder, a missing plural form and an unused key', () => {
    root = project(
      {
        en: {
          hello: 'Hello {{name}}',
          sales_one: '{{count}} sale',
          sales_other: '{{count}} sales',
          old: 'Old',
        },
        fr: {
          hello: 'Bonjour {{nom}}',
          sales_one: '{{count}} vente',
          sales_other: '{{count}} ventes',
          extra: 'x',
        },
      },
      "t('hello'); t('sales', { count })",
    )
    expect(checkCatalogs(root)).toEqual([
      'en/area: old is used nowhere',
      'fr/area: hello has {nom}, English {name}',
      'fr/area: sales_many is missing',
      'fr/area: old is missing',
      'fr/area: extra is not an English key',
    ])
  })
})
