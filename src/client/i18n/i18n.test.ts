import { afterEach, describe, expect, it } from 'vitest'
import { addCatalog, type Messages, translate } from './engine.ts'
import { defineMessages, englishText, setLanguage } from './i18n.ts'
import { currentLocale } from './language.ts'

const englishCatalogs = import.meta.glob<Messages>('../locales/en/*.json', {
  import: 'default',
  eager: true,
})
const frenchCommon = import.meta.glob<Messages>('../locales/fr/common.json', {
  import: 'default',
  eager: true,
})['../locales/fr/common.json']

describe('the English texts given before the engine has loaded', () => {
  it("are i18next's, for every key of every English catalog, with and without values", () => {
    for (const [file, messages] of Object.entries(englishCatalogs)) {
      const namespace = /([\w-]+)\.json$/.exec(file)?.[1] ?? file
      addCatalog('en', namespace, messages)
      const keys = new Set(Object.keys(messages).map((key) => key.replace(/_(one|other)$/, '')))
      for (const key of keys) {
        const texts = Object.entries(messages).filter(
          ([k]) => k.replace(/_(one|other)$/, '') === key,
        )
        const names = texts.flatMap(([, text]) => [...text.matchAll(/\{\{(\w+)\}\}/g)])
        const values = Object.fromEntries(names.map(([, name]) => [name ?? '', `<${name}>`]))
        for (const given of [
          undefined,
          values,
          ...[0, 1, 2].map((count) => ({ ...values, count })),
        ]) {
          expect(englishText(messages, key, given), `${namespace}:${key}`).toBe(
            translate('en', namespace, key, given),
          )
        }
      }
    }
  })
})

describe('setLanguage', () => {
  afterEach(async () => {
    await setLanguage('en')
  })

  it('loads the texts of the areas registered so far, then switches', async () => {
    const common = defineMessages('common', englishCatalogs['../locales/en/common.json'] ?? {})
    await setLanguage('fr')
    expect(currentLocale()).toBe('fr')
    expect(common.t('reload')).toBe(frenchCommon?.reload)
  })

  it('keeps the later of two choices, whichever loads first', async () => {
    const first = setLanguage('ha')
    await setLanguage('es')
    await first
    expect(currentLocale()).toBe('es')
  })
})
