/**
 * Lagos keeps West Africa Time, UTC+1, all year (no daylight saving), so its calendar day is the
 * UTC day of the moment one hour later. Daily limits reset at Lagos midnight (docs/limits.md),
 * and scheduled transfers run at set Lagos hours (docs/scheduled-transfers.md).
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The Lagos calendar day of a moment, as `YYYY-MM-DD`. */
export function lagosDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

/** The moment a Lagos calendar day (`YYYY-MM-DD`) reaches `hour` o'clock. */
export function lagosMoment(day: string, hour: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + hour * 60 * 60 * 1000 - LAGOS_OFFSET_MS)
}

/** The moment the Lagos day after `at` begins (the next reset of the daily limits). */
export function nextLagosMidnight(at: Date): Date {
  return lagosMoment(addDays(lagosDay(at), 1), 0)
}

/** The calendar day `days` after `day` (before it, for a negative count), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}
