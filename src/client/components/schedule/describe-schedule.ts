import { formatDate } from '#client/lib/format-date.ts'
import type { ScheduleFrequency } from '#shared/schedule-dates.ts'
import type { useScheduleMessages } from './messages.ts'

type Translate = ReturnType<typeof useScheduleMessages>

const WEEKDAYS = [
  'weekday0',
  'weekday1',
  'weekday2',
  'weekday3',
  'weekday4',
  'weekday5',
  'weekday6',
] as const

/** A Lagos calendar day (`YYYY-MM-DD`) as the user reads dates: "Dec 31, 2026". */
export function formatScheduleDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, 'date', { timeZone: 'UTC' })
}

/**
 * How often a schedule runs, in words (docs/scheduled-transfers.md "Dates"): "Once, on Dec 1,
 * 2026", "Every Friday", "Every month on day 31, or the month's last day when it is shorter".
 * Weekday names come from the catalogs, since browsers lack some of our languages' (Hausa).
 */
export function describeSchedule(
  schedule: { frequency: ScheduleFrequency; startDate: string },
  t: Translate,
): string {
  const start = new Date(`${schedule.startDate}T00:00:00Z`)
  switch (schedule.frequency) {
    case 'once':
      return t('describeOnce', { date: formatScheduleDay(schedule.startDate) })
    case 'weekly':
      return t('describeWeekly', { weekday: t(WEEKDAYS[start.getUTCDay()] ?? 'weekday0') })
    case 'monthly': {
      const day = start.getUTCDate()
      return t(day > 28 ? 'describeMonthlyShort' : 'describeMonthly', { day })
    }
  }
}
