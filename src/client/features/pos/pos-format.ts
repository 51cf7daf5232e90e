// Dates and hours as the rest of the app writes them (SPEC §9: US English patterns).
const saleTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})
const receiptTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})
// Analytics dates and hours are already the merchant's local ones: read them as UTC so the
// browser's own zone does not move them again.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const hourFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  hour12: true,
  timeZone: 'UTC',
})

/** "Mar 3, 2:30 PM" in the browser's time zone. */
export function formatSaleTime(iso: string): string {
  return saleTimeFormat.format(new Date(iso))
}

/** "Mar 3, 2025, 2:30 PM": a receipt carries the year. */
export function formatReceiptTime(iso: string): string {
  return receiptTimeFormat.format(new Date(iso))
}

/** An analytics day "2025-03-03" as "Mar 3". */
export function formatAnalyticsDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed)
}

/** An hour of the day (0-23) as the hour it spans: 14 → "2 PM – 3 PM". */
export function formatHourRange(hour: number): string {
  const at = (h: number) => hourFormat.format(new Date(Date.UTC(2000, 0, 1, h % 24)))
  return `${at(hour)} – ${at(hour + 1)}`
}

/** A bar's height in percent of the tallest, at least a sliver for a day with any sales. */
export function barHeightPercent(totalMinor: bigint, maxMinor: bigint): number {
  if (maxMinor <= 0n || totalMinor <= 0n) return 0
  const percent = Number((totalMinor * 1000n) / maxMinor) / 10
  return Math.max(percent, 2)
}
