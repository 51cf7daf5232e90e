/**
 * Lagos keeps West Africa Time, UTC+1, all year (no daylight saving), so its calendar day is the
 * UTC day of the moment one hour later. Daily limits reset at Lagos midnight (docs/limits.md).
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000

/** The Lagos calendar day of a moment, as `YYYY-MM-DD`. */
export function lagosDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

/** The moment the Lagos day after `at` begins (the next reset of the daily limits). */
export function nextLagosMidnight(at: Date): Date {
  const day = lagosDay(at)
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000 - LAGOS_OFFSET_MS)
}
