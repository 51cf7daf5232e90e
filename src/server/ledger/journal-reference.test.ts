import { describe, expect, it } from 'vitest'
import { newJournalReference, newVerificationCode } from './journal-reference.ts'

describe('newJournalReference', () => {
  it('writes the time in base 36 and eight characters of Crockford base 32', () => {
    const reference = newJournalReference(Date.UTC(2026, 10, 25))
    expect(reference).toMatch(/^SB-[0-9A-Z]+-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(reference.split('-')[1]).toBe(Date.UTC(2026, 10, 25).toString(36).toUpperCase())
  })

  it('never repeats across many pools of random bytes drawn in one millisecond', () => {
    const references = Array.from({ length: 5_000 }, () => newJournalReference(0))
    expect(new Set(references).size).toBe(references.length)
  })

  it('draws receipt codes of 16 hexadecimal digits that never repeat', () => {
    const codes = Array.from({ length: 5_000 }, () => newVerificationCode())
    for (const code of codes.slice(0, 50)) expect(code).toMatch(/^[0-9A-F]{16}$/)
    expect(new Set(codes).size).toBe(codes.length)
  })
})
