import { addDays } from './lagos-time.ts'

/**
 * When a scheduled transfer runs (docs/scheduled-transfers.md "Dates"). A schedule is its start
 * date, how often and an optional end date: once on the start date; weekly on the start date's
 * weekday; monthly on the start date's day of the month, where a day the month does not have (the
 * 29th to the 31st) means the month's last day. Days are Lagos calendar days, `YYYY-MM-DD`; each
 * occurrence runs at RUN_HOUR_LAGOS on its day, and one refused for want of money is tried once
 * more at RETRY_HOUR_LAGOS.
 */
export const SCHEDULE_FREQUENCIES = ['once', 'weekly', 'monthly'] as const
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number]

export const RUN_HOUR_LAGOS = 8
export const RETRY_HOUR_LAGOS = 18

export type ScheduleRule = {
  frequency: ScheduleFrequency
  startDate: string
  endDate?: string | null | undefined
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `text` is a real calendar day written `YYYY-MM-DD` (no 31 April, no 29 February 2027). */
export function isCalendarDay(text: string): boolean {
  const parts = DAY_PATTERN.exec(text)
  if (!parts) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  return year >= 2000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function dayOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The monthly occurrence in a month: the anchor day, or the month's last day if it is shorter. */
function monthlyIn(year: number, month: number, anchor: number): string {
  return dayOf(year, month, Math.min(anchor, daysInMonth(year, month)))
}

function withinEnd(rule: ScheduleRule, day: string): string | null {
  return rule.endDate && day > rule.endDate ? null : day
}

/** The schedule's first occurrence on or after `day`, or null when none is left. */
export function occurrenceOnOrAfter(rule: ScheduleRule, day: string): string | null {
  const { frequency, startDate } = rule
  if (day <= startDate) return withinEnd(rule, startDate)
  switch (frequency) {
    case 'once':
      return null
    case 'weekly': {
      const weeks = Math.ceil(daysBetween(startDate, day) / 7)
      return withinEnd(rule, addDays(startDate, weeks * 7))
    }
    case 'monthly': {
      const anchor = Number(startDate.slice(8, 10))
      let year = Number(day.slice(0, 4))
      let month = Number(day.slice(5, 7))
      let candidate = monthlyIn(year, month, anchor)
      if (candidate < day) {
        month += 1
        if (month > 12) {
          month = 1
          year += 1
        }
        candidate = monthlyIn(year, month, anchor)
      }
      return withinEnd(rule, candidate)
    }
  }
}

/** The schedule's first occurrence after `day`, or null when none is left. */
export function occurrenceAfter(rule: ScheduleRule, day: string): string | null {
  return occurrenceOnOrAfter(rule, addDays(day, 1))
}
