import { describe, expect, it } from 'vitest'
import english from './locales/en.json' with { type: 'json' }
import french from './locales/fr.json' with { type: 'json' }
import hausa from './locales/ha.json' with { type: 'json' }
import { localizeErrorBody, localizeMessage } from './localize-error.ts'
import { languageFromHeader } from './request-language.ts'

describe('languageFromHeader', () => {
  it('takes the best language Sabi speaks, by quality then order', () => {
    expect(languageFromHeader('fr-SN,fr;q=0.9,en;q=0.8')).toBe('fr')
    expect(languageFromHeader('de;q=1, ha;q=0.8, fr;q=0.3')).toBe('ha')
    expect(languageFromHeader('es-419')).toBe('es')
    expect(languageFromHeader('en;q=0.2, fr;q=0.9')).toBe('fr')
    expect(languageFromHeader('fr;q=0, de')).toBe('en')
    expect(languageFromHeader(undefined)).toBe('en')
    expect(languageFromHeader('*')).toBe('en')
  })
})

describe('localizeMessage', () => {
  it('leaves English alone', () => {
    expect(localizeMessage('User not found', 'NOT_FOUND', 'en')).toBe('User not found')
  })
  it('translates an exact message, and a template with its values', () => {
    expect(localizeMessage('User not found', 'NOT_FOUND', 'fr')).toBe(
      french.messages['User not found'],
    )
    const template = 'Password must be at least {min} characters'
    expect(english.messages).toHaveProperty([template])
    const expected = hausa.messages[template].replace('{min}', '8')
    expect(
      localizeMessage('Password must be at least 8 characters', 'VALIDATION_FAILED', 'ha'),
    ).toBe(expected)
  })
  it('writes the amounts inside a message as the language writes money', () => {
    const template =
      'Insufficient funds: you need {required} but your balance is {balance} ({shortfall} short)'
    const message =
      'Insufficient funds: you need $1,025.00 but your balance is $10.50 ($1,014.50 short)'
    const shown = localizeMessage(message, 'INSUFFICIENT_FUNDS', 'fr')
    expect(shown).toBe(
      french.messages[template]
        .replace('{required}', '1\u202f025,00\u00a0$')
        .replace('{balance}', '10,50\u00a0$')
        .replace('{shortfall}', '1\u202f014,50\u00a0$'),
    )
  })
  it('never lets English through: an unknown message gets its code’s text', () => {
    expect(localizeMessage('Something nobody wrote a catalog for', 'CONFLICT', 'fr')).toBe(
      french.codes.CONFLICT,
    )
    expect(localizeMessage('Something else', 'NO_SUCH_CODE', 'fr')).toBe(french.codes.INTERNAL)
  })
  it('translates a body and its field messages, keeping every other field', () => {
    const body = {
      message: 'User not found',
      code: 'NOT_FOUND',
      errors: [{ path: 'email', message: 'Invalid email address' }],
      attemptsLeft: 3,
    }
    expect(localizeErrorBody(body, 'fr')).toEqual({
      message: french.messages['User not found'],
      code: 'NOT_FOUND',
      errors: [{ path: 'email', message: french.messages['Invalid email address'] }],
      attemptsLeft: 3,
    })
    expect(localizeErrorBody({ balance: '1.00' }, 'fr')).toEqual({ balance: '1.00' })
  })
})
