import { describe, expect, it } from 'vitest'
import { namesMatch, nameWords } from './name-match.ts'

describe('nameWords', () => {
  it('drops case, accents, punctuation and extra spaces', () => {
    expect(nameWords("  ADAÉZE   o'Kafor ")).toEqual(['adaeze', 'okafor'])
    expect(nameWords('Mwangi-Otieno, Wanjiru')).toEqual(['mwangi', 'otieno', 'wanjiru'])
    expect(nameWords('   ')).toEqual([])
  })
})

describe('namesMatch', () => {
  it('matches the same words in any case, spacing or order', () => {
    expect(namesMatch('Adaeze Okafor', 'Adaeze Okafor')).toBe(true)
    expect(namesMatch('adaeze   okafor', 'ADAEZE OKAFOR')).toBe(true)
    expect(namesMatch('Okafor Adaeze', 'Adaeze Okafor')).toBe(true)
  })

  it('matches when all words of one name are in the other', () => {
    expect(namesMatch('Adaeze Chioma Okafor', 'Adaeze Okafor')).toBe(true)
    expect(namesMatch('Okafor', 'Adaeze Okafor')).toBe(true)
  })

  it('does not match a different person or a blank name', () => {
    expect(namesMatch('Chinedu Bello', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('Adaeze Bello', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('Ada Okafor', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('Adaeze', '')).toBe(false)
  })
})
