import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from './lagos-time.ts'
import {
  isCalendarDay,
  occurrenceAfter,
  occurrenceOnOrAfter,
  SCHEDULE_FREQUENCIES,
  type ScheduleRule,
} from './schedule-dates.ts'

const days = fc
  .date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10))

const rules = fc.record({
  frequency: fc.constantFrom(...SCHEDULE_FREQUENCIES),
  startDate: days,
  endDate: fc.option(days, { nil: null }),
})

function lastDayOf(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))]
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
}

/** Every occurrence from the start, walked one after the other, at most `count`. */
function walk(rule: ScheduleRule, count: number): string[] {
  const found: string[] = []
  let next = occurrenceOnOrAfter(rule, rule.startDate)
  while (next && found.length < count) {
    found.push(next)
    next = occurrenceAfter(rule, next)
  }
  return found
}

describe('schedule dates', () => {
  it('a monthly schedule on the 31st runs on each month’s last day, and on the 31st where there is one', () => {
    const rule: ScheduleRule = { frequency: 'monthly', startDate: '2026-01-31' }
    expect(walk(rule, 6)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ])
    expect(walk({ frequency: 'monthly', startDate: '2027-12-29' }, 3)).toEqual([
      '2027-12-29',
      '2028-01-29',
      '2028-02-29',
    ])
  })

  it('weekly keeps the weekday; once runs once; the end date is the last day that may run', () => {
    expect(
      walk({ frequency: 'weekly', startDate: '2026-11-27', endDate: '2026-12-18' }, 9),
    ).toEqual(['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18'])
    expect(walk({ frequency: 'once', startDate: '2026-12-01' }, 9)).toEqual(['2026-12-01'])
    expect(occurrenceOnOrAfter({ frequency: 'once', startDate: '2026-12-01' }, '2026-12-02')).toBe(
      null,
    )
    expect(
      walk({ frequency: 'monthly', startDate: '2026-12-25', endDate: '2026-12-24' }, 9),
    ).toEqual([])
  })

  it('knows a real calendar day from one that is not', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2027-02-29')).toBe(false)
    expect(isCalendarDay('2026-04-31')).toBe(false)
    expect(isCalendarDay('2026-4-30')).toBe(false)
    expect(isCalendarDay('2026-04-30T00:00')).toBe(false)
  })

  it('occurrences only move forward, never skip one, and keep the weekday or day of the month', () => {
    fc.assert(
      fc.property(rules, days, (rule, day) => {
        const next = occurrenceOnOrAfter(rule, day)
        // The end date only cuts the schedule short: it never moves an occurrence.
        const unbounded = occurrenceOnOrAfter({ ...rule, endDate: null }, day)
        if (next === null) {
          if (unbounded !== null)
            expect(rule.endDate != null && unbounded > rule.endDate).toBe(true)
          else expect(rule.frequency === 'once' && day > rule.startDate).toBe(true)
          return
        }
        expect(next).toBe(unbounded)
        expect(next >= day && next >= rule.startDate).toBe(true)
        if (rule.endDate) expect(next <= rule.endDate).toBe(true)
        // Nothing between `day` and `next` would have been an occurrence.
        const before = addDays(next, -1)
        if (before >= day && before >= rule.startDate)
          expect(occurrenceOnOrAfter(rule, before)).toBe(next)
        if (rule.frequency === 'weekly') {
          expect(new Date(`${next}T00:00:00Z`).getUTCDay()).toBe(
            new Date(`${rule.startDate}T00:00:00Z`).getUTCDay(),
          )
          expect(next <= addDays(day, 6) || next === rule.startDate).toBe(true)
        }
        if (rule.frequency === 'monthly') {
          const anchor = rule.startDate.slice(8, 10)
          const lastDay = lastDayOf(next)
          expect(
            next.slice(8, 10) === anchor || (next === lastDay && lastDay.slice(8, 10) < anchor),
          ).toBe(true)
        }
        const after = occurrenceAfter(rule, next)
        if (after !== null) expect(after > next).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})
