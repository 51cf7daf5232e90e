import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { quotedName, renderEventMessage } from './render-message.ts'

describe('a name someone else typed, inside a message', () => {
  it('loses line breaks, direction overrides and zero-width marks, and is quoted', () => {
    expect(quotedName('Ada\nYour account is locked, call 0800', 'en')).toBe(
      '“Ada Your account is locked, call 0800”',
    )
    expect(quotedName('Ada\u202Egnp.exe\u200B', 'en')).toBe('“Ada gnp.exe”')
    expect(quotedName('Ada Obi', 'fr')).toBe('« Ada Obi »')
  })

  it('is cut to 40 characters', () => {
    const long = 'Babajide Oluwaseun-Adebayo Okonkwo-Ogunleye Fashola'
    expect([...quotedName(long, 'en')].length).toBe(42)
    expect(quotedName(long, 'en')).toMatch(/…”$/)
  })

  it('never carries a control or format character into any message, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (fromName) => {
        const message = renderEventMessage(
          {
            kind: 'money_received',
            amount: '1.00',
            currency: 'NGN',
            symbol: '₦',
            fromName,
            transactionId: 't',
          },
          'en',
        )
        expect(message.text).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
        expect(message.text.length).toBeLessThan(120)
      }),
    )
  })
})
