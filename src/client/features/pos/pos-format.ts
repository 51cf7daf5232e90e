import { formatDate } from '#client/lib/format-date.ts'

/** "Mar 3, 2:30 PM" in the browser's time zone. */
export function formatSaleTime(iso: string): string {
  return formatDate(iso, 'dayTime')
}

/** "Mar 3, 2025, 2:30 PM": a receipt carries the year. */
export function formatReceiptTime(iso: string): string {
  return formatDate(iso, 'dateTime')
}

/** An analytics day "2025-03-03" as "Mar 3". */
export function formatAnalyticsDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  // Already the merchant's local day: read in UTC so the browser's zone cannot move it.
  return Number.isNaN(parsed.getTime()) ? date : formatDate(parsed, 'day', { timeZone: 'UTC' })
}

/** An hour of the day (0-23) as the hour it spans: 14 → "2 PM – 3 PM". */
export function formatHourRange(hour: number): string {
  const at = (h: number) =>
    formatDate(new Date(Date.UTC(2000, 0, 1, h % 24)), 'hour', { timeZone: 'UTC' })
  return `${at(hour)} – ${at(hour + 1)}`
}

/** A bar's height in percent of the tallest, at least a sliver for a day with any sales. */
export function barHeightPercent(totalMinor: bigint, maxMinor: bigint): number {
  if (maxMinor <= 0n || totalMinor <= 0n) return 0
  const percent = Number((totalMinor * 1000n) / maxMinor) / 10
  return Math.max(percent, 2)
}
