import { describe, expect, it } from 'vitest'
import { pickLanguage } from './language.ts'
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from './pseudo-locale.ts'

describe('pickLanguage', () => {
  it("takes the first of the browser's languages Sabi speaks, by primary subtag", () => {
    expect(pickLanguage(['de-DE', 'fr-SN', 'en'])).toBe('fr')
    expect(pickLanguage(['ha-NG'])).toBe('ha')
    expect(pickLanguage(['ES-419', 'en'])).toBe('es')
    expect(pickLanguage(['de', 'it'])).toBeUndefined()
    expect(pickLanguage([])).toBeUndefined()
  })
})

describe('the pseudo-locale', () => {
  it('wraps, accents and lengthens a text, keeping its placeholders for the values', () => {
    const text = pseudoText('Send {{amount}} to {{name}} now')
    expect(text.startsWith(PSEUDO_OPEN)).toBe(true)
    expect(text.endsWith(PSEUDO_CLOSE)).toBe(true)
    expect(text).toContain('{{amount}}')
    expect(text).toContain('{{name}}')
    expect(text).not.toMatch(/Send|now/)
    expect(text.length).toBeGreaterThan('Send {{amount}} to {{name}} now'.length * 1.2)
    // Breakable, so a long text wraps on a phone as a real one would.
    expect(pseudoText('a'.repeat(60))).toMatch(/···· ····/)
  })
})
