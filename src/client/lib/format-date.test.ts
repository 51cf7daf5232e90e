import { describe, expect, it } from 'vitest'
import { formatDate } from './format-date.ts'

// Intl puts a narrow no-break space before AM/PM; compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('formatDate', () => {
  const at = '2026-03-03T14:30:15Z'

  it('writes the English shapes the screens use', () => {
    const en = { language: 'en', timeZone: 'UTC' } as const
    expect(plain(formatDate(at, 'time', en))).toBe('2:30 PM')
    expect(plain(formatDate(at, 'day', en))).toBe('Mar 3')
    expect(plain(formatDate(at, 'dayTime', en))).toBe('Mar 3, 2:30 PM')
    expect(plain(formatDate(at, 'dateTime', en))).toBe('Mar 3, 2026, 2:30 PM')
    expect(plain(formatDate(at, 'longDate', en))).toBe('March 3, 2026')
  })

  it('lets the language decide words, order and hour cycle', () => {
    expect(plain(formatDate(at, 'dayTime', { language: 'fr', timeZone: 'UTC' }))).toBe(
      '3 mars, 14:30',
    )
    expect(plain(formatDate(at, 'longDate', { language: 'es', timeZone: 'UTC' }))).toBe(
      '3 de marzo de 2026',
    )
  })

  it('reads calendar days in UTC when asked, so no zone moves them', () => {
    expect(
      formatDate(new Date('2026-12-01T00:00:00Z'), 'day', { language: 'en', timeZone: 'UTC' }),
    ).toBe('Dec 1')
  })
})
