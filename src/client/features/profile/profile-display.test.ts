import { describe, expect, it } from 'vitest'
import { memberSinceDate, profileName, verificationStatusOf } from './profile-display.ts'

const base = { firstName: null, lastName: null, email: '', profileImageUrl: null }

describe('profileName', () => {
  it('uses first and last name, then the e-mail before the @, then the fallback', () => {
    expect(
      profileName({ ...base, firstName: 'Ada', lastName: 'Obi', email: 'a@b.c' }, 'User'),
    ).toBe('Ada Obi')
    expect(profileName({ ...base, lastName: 'Obi', email: 'a@b.c' }, 'User')).toBe('Obi')
    expect(profileName({ ...base, firstName: ' ', email: 'ada.obi@b.c' }, 'User')).toBe('ada.obi')
    expect(profileName({ ...base, email: '@b.c' }, 'User')).toBe('User')
    expect(profileName(base, 'User')).toBe('User')
  })
})

describe('memberSinceDate', () => {
  it('writes the date long, in English by default', () => {
    expect(memberSinceDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026')
  })
  it('gives null for a missing or unreadable date', () => {
    expect(memberSinceDate(null)).toBeNull()
    expect(memberSinceDate('')).toBeNull()
    expect(memberSinceDate('soon')).toBeNull()
  })
})

describe('verificationStatusOf', () => {
  it('reads the three statuses and treats anything else as unverified', () => {
    expect(verificationStatusOf({ isVerified: false, verificationStatus: 'failed' })).toBe('failed')
    expect(verificationStatusOf({ isVerified: true, verificationStatus: 'verified' })).toBe(
      'verified',
    )
    expect(verificationStatusOf({ isVerified: false, verificationStatus: 'unverified' })).toBe(
      'unverified',
    )
    expect(verificationStatusOf({ isVerified: false, verificationStatus: 'odd' })).toBe(
      'unverified',
    )
  })
})
