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
 * Hausa month names (docs/i18n.md "Money, numbers and dates"): browsers such as Chromium ship
 * no Hausa date data, so Intl would write "28 Nov". Sabi writes every Hausa date the same way in
 * every browser: Nigerian English's order, the 24-hour clock (as Hausa writes the time) and
 * these names in place of the English ones.
 */
const HAUSA_MONTHS = {
  long: [
    'Janairu',
    'Faburairu',
    'Maris',
    'Afirilu',
    'Mayu',
    'Yuni',
    'Yuli',
    'Agusta',
    'Satumba',
    'Oktoba',
    'Nuwamba',
    'Disamba',
  ],
  short: ['Jan', 'Fab', 'Mar', 'Afi', 'May', 'Yun', 'Yul', 'Agu', 'Sat', 'Okt', 'Nuw', 'Dis'],
} as const
/** The locale whose order and numbers Hausa dates borrow when Intl has no Hausa. */
const HAUSA_STAND_IN = 'en-NG'

const englishMonthIndexes = new Map<string, number>()
/** The month an English month name of the stand-in locale stands for, 0 to 11. */
function englishMonthIndex(name: string): number | undefined {
  if (englishMonthIndexes.size === 0) {
    for (const width of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(HAUSA_STAND_IN, { month: width, timeZone: 'UTC' })
      for (let month = 0; month < 12; month += 1) {
        englishMonthIndexes.set(format.format(Date.UTC(2026, month, 15)), month)
      }
    }
  }
  return englishMonthIndexes.get(name)
}

/** A date in Hausa through the stand-in locale, its month names replaced by Hausa ones. */
function writeHausa(format: Intl.DateTimeFormat, date: Date, style: DateStyle): string {
  const options: Intl.DateTimeFormatOptions = DATE_STYLES[style]
  const width = 'month' in options && options.month === 'long' ? 'long' : 'short'
  return format
    .formatToParts(date)
    .map((part) => {
      if (part.type !== 'month') return part.value
      const index = englishMonthIndex(part.value)
      return index === undefined ? part.value : HAUSA_MONTHS[width][index]
    })
    .join('')
}

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
  const standIn = language === 'ha'
  const key = `${language}|${style}|${options.timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(standIn ? HAUSA_STAND_IN : language, {
      ...DATE_STYLES[style],
      ...(standIn && style !== 'day' && style !== 'date' && style !== 'longDate'
        ? { hourCycle: 'h23' }
        : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    })
    formats.set(key, format)
  }
  const date = typeof value === 'string' ? new Date(value) : value
  return standIn ? writeHausa(format, date, style) : format.format(date)
}
