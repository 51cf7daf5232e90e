import fc from 'fast-check'
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

describe('formatDate in Hausa', () => {
  const ha = { language: 'ha', timeZone: 'UTC' } as const
  const LONG = ['Janairu', 'Faburairu', 'Maris', 'Afirilu', 'Mayu', 'Yuni', 'Yuli', 'Agusta']
  const LONG_END = ['Satumba', 'Oktoba', 'Nuwamba', 'Disamba']
  const SHORT = ['Jan', 'Fab', 'Mar', 'Afi', 'May', 'Yun', 'Yul', 'Agu', 'Sat', 'Okt', 'Nuw', 'Dis']

  it('names the months in Hausa and writes the time on the 24-hour clock', () => {
    expect(plain(formatDate('2026-11-28T14:30:00Z', 'day', ha))).toBe('28 Nuw')
    expect(plain(formatDate('2026-11-28T14:30:00Z', 'time', ha))).toBe('14:30')
    expect(plain(formatDate('2026-11-28T14:30:00Z', 'longDate', ha))).toBe('28 Nuwamba 2026')
    expect(plain(formatDate('2026-03-03T07:05:00Z', 'dateTime', ha))).toBe('3 Mar 2026, 7:05')
  })

  it('writes the Hausa name of the right month and no AM/PM, whatever the date and shape', () => {
    const months = [...LONG, ...LONG_END]
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('day', 'dayTime', 'dateTime', 'date', 'longDate') as fc.Arbitrary<
          'day' | 'dayTime' | 'dateTime' | 'date' | 'longDate'
        >,
        (date, style) => {
          const text = formatDate(date, style, ha)
          const month = date.getUTCMonth()
          const name = style === 'longDate' ? months[month] : SHORT[month]
          expect(text.split(/[\s,]+/)).toContain(name)
          expect(text).not.toMatch(/\b(AM|PM|am|pm)\b/)
        },
      ),
    )
  })
})
