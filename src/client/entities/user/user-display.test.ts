import { describe, expect, it } from 'vitest'
import { isActivePath, userDisplayName, userFullName, userInitials } from './user-display.ts'

const base = { firstName: null, lastName: null, email: '', profileImageUrl: null }

describe('userInitials', () => {
  it('uses the first letters of first and last name', () => {
    expect(userInitials({ ...base, firstName: 'ada', lastName: 'Obi' })).toBe('AO')
  })
  it('uses whichever name is known', () => {
    expect(userInitials({ ...base, lastName: 'Obi' })).toBe('O')
  })
  it('falls back to U', () => {
    expect(userInitials({ ...base, email: 'x@y.z' })).toBe('U')
    expect(userInitials(null)).toBe('U')
  })
})

describe('userDisplayName', () => {
  it('prefers the first name, then the e-mail before the @, then the fallback', () => {
    expect(userDisplayName({ ...base, firstName: 'Ada', email: 'a@b.c' }, 'User')).toBe('Ada')
    expect(userDisplayName({ ...base, firstName: '  ', email: 'ada.obi@b.c' }, 'User')).toBe(
      'ada.obi',
    )
    expect(userDisplayName({ ...base, email: '' }, 'User')).toBe('User')
    expect(userDisplayName(null, 'User')).toBe('User')
  })
})

describe('userFullName', () => {
  it('joins the known names', () => {
    expect(userFullName({ ...base, firstName: 'Ada', lastName: 'Obi' })).toBe('Ada Obi')
    expect(userFullName({ ...base, lastName: 'Obi' })).toBe('Obi')
    expect(userFullName(base)).toBe('')
  })
})

describe('isActivePath', () => {
  it('marks Home active only on exactly /', () => {
    expect(isActivePath('/', '/')).toBe(true)
    expect(isActivePath('/', '/send-money')).toBe(false)
  })
  it('matches other targets by path prefix on segment boundaries', () => {
    expect(isActivePath('/send-money', '/send-money')).toBe(true)
    expect(isActivePath('/send-money', '/send-money/international')).toBe(true)
    expect(isActivePath('/card', '/cards')).toBe(false)
    expect(isActivePath('/exchange', '/')).toBe(false)
  })
})
