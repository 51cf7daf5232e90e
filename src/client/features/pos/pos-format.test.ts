import { describe, expect, it } from 'vitest'
import { barHeightPercent, formatAnalyticsDay, formatHourRange } from './pos-format.ts'

describe('POS display formats', () => {
  it('writes hours as the hour they span, across noon and midnight', () => {
    expect(formatHourRange(0)).toBe('12 AM – 1 AM')
    expect(formatHourRange(11)).toBe('11 AM – 12 PM')
    expect(formatHourRange(14)).toBe('2 PM – 3 PM')
    expect(formatHourRange(23)).toBe('11 PM – 12 AM')
  })

  it('writes an analytics day as it was sent, whatever the browser zone', () => {
    expect(formatAnalyticsDay('2025-03-03')).toBe('Mar 3')
    expect(formatAnalyticsDay('2025-12-31')).toBe('Dec 31')
    expect(formatAnalyticsDay('not a date')).toBe('not a date')
  })

  it('sizes bars from minor units without losing the small days', () => {
    expect(barHeightPercent(0n, 0n)).toBe(0)
    expect(barHeightPercent(0n, 500n)).toBe(0)
    expect(barHeightPercent(500n, 500n)).toBe(100)
    expect(barHeightPercent(250n, 500n)).toBe(50)
    expect(barHeightPercent(1n, 1_000_000n)).toBe(2)
    expect(barHeightPercent(999_999_999_999_999n, 999_999_999_999_999n)).toBe(100)
  })
})
