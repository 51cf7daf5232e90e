import { currentLanguage } from '#client/i18n/language.ts'

/**
 * The date and time shapes the app shows (docs/screens.md "Display rules"), as Intl options:
 * the user's language decides the words, the order and the hour cycle ("2:30 PM" in English,
 * "14:30" in French), so no screen hard-codes a locale.
 */
const DATE_STYLES = {
  /** 2:30 PM */
  time: { hour: 'numeric', minute: '2-digit' },
  /** 2:30:15 PM */
  clock: { timeStyle: 'medium' },
  /** 2 PM */
  hour: { hour: 'numeric' },
  /** Mar 3 */
  day: { month: 'short', day: 'numeric' },
  /** Mar 3, 2:30 PM */
  dayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Mar 3, 2:30:15 PM */
  dayTimeSeconds: {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  /** Mar 3, 2026, 2:30 PM: absolute, for receipts read later and elsewhere. */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Mar 3, 2026 */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** November 22, 2026 */
  longDate: { year: 'numeric', month: 'long', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof DATE_STYLES

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * A date as the user reads it: in their language (the selected one unless `language` is
 * given) and the browser's time zone, or in UTC for calendar dates the server already made
 * local (`timeZone: 'UTC'`). Formatters are built once per language, shape and zone.
 */
export function formatDate(
  value: Date | string,
  style: DateStyle,
  options: { language?: string; timeZone?: 'UTC' } = {},
): string {
  const language = options.language ?? currentLanguage()
  const key = `${language}|${style}|${options.timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      ...DATE_STYLES[style],
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    })
    formats.set(key, format)
  }
  return format.format(typeof value === 'string' ? new Date(value) : value)
}
