import { describe, expect, it } from 'vitest'
import { isNewAccount, NEW_ACCOUNT_MS } from './greeting.ts'

const now = Date.parse('2026-11-28T08:00:00.000Z')

describe('isNewAccount', () => {
  it('greets an account made minutes ago, or today, as new', () => {
    expect(isNewAccount('2026-11-28T07:58:00.000Z', now)).toBe(true)
    expect(isNewAccount(new Date(now - NEW_ACCOUNT_MS + 1).toISOString(), now)).toBe(true)
  })

  it('welcomes back an account older than a day', () => {
    expect(isNewAccount(new Date(now - NEW_ACCOUNT_MS).toISOString(), now)).toBe(false)
    expect(isNewAccount('2025-01-01T00:00:00.000Z', now)).toBe(false)
  })

  it('never says "back" when it cannot tell', () => {
    expect(isNewAccount(undefined, now)).toBe(true)
    expect(isNewAccount('not a date', now)).toBe(true)
  })
})
