import type { Language } from './languages.ts'

/**
 * Amounts as each language writes them (docs/i18n.md "Money, numbers and dates"): the Intl core
 * of the client's one amount formatter (src/client/lib/format-amount.ts), here so that the
 * server writes the amounts inside its messages the same way.
 */
export const PLAIN_DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/

/**
 * Whether text is a plain decimal ("-1234.50"), which Intl.NumberFormat formats exactly as
 * written, digit for digit, whatever its length (a string, not a float).
 */
export function isDecimalText(text: string): text is `${number}` {
  return PLAIN_DECIMAL.test(text)
}
/**
 * The currency Intl formats with, whose sign is then replaced by the asset's own symbol: one
 * whose narrow sign is a symbol in every locale, so Intl places it as a symbol (no space in
 * English). Browsers' trimmed locale data has no narrow sign for XXX, Intl's "no currency".
 */
const PATTERN_CURRENCY = 'USD'

/**
 * The locale Intl writes a language in. Hausa is written with Nigerian conventions: `ha-NG`
 * where the browser has Hausa data, else Nigerian English, which groups and separates alike.
 */
let hausaLocale: string | undefined

export function numberLocaleOf(language: Language): string {
  if (language !== 'ha') return language
  hausaLocale ??= Intl.NumberFormat.supportedLocalesOf(['ha-NG']).length > 0 ? 'ha-NG' : 'en-NG'
  return hausaLocale
}

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(
  language: Language,
  decimals: number,
  style: 'currency' | 'decimal',
  sign: SignDisplay,
): Intl.NumberFormat {
  const key = `${language}|${decimals}|${style}|${sign}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(numberLocaleOf(language), {
      ...(style === 'currency'
        ? { style: 'currency', currency: PATTERN_CURRENCY, currencyDisplay: 'narrowSymbol' }
        : { style: 'decimal' }),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: sign === 'always' ? 'exceptZero' : 'auto',
    })
    formats.set(key, format)
  }
  return format
}

export type SignDisplay = 'auto' | 'always'

/**
 * A plain decimal in `language`, with exactly `decimals` decimals (the caller makes sure no
 * digit is lost), and `symbol` placed where the language places a currency sign, or no
 * symbol at all. Text that is not a plain decimal comes back as it is.
 */
export function writeAmount(
  decimal: string,
  decimals: number,
  symbol: string | null,
  language: Language,
  sign: SignDisplay = 'auto',
): string {
  if (!isDecimalText(decimal)) return decimal
  if (symbol === null) return numberFormat(language, decimals, 'decimal', sign).format(decimal)
  const parts = numberFormat(language, decimals, 'currency', sign).formatToParts(decimal)
  const trimmed = symbol.trimEnd()
  const spaced = trimmed !== symbol
  return parts
    .map((part, index) => {
      if (part.type !== 'currency') return part.value
      // A code used as a symbol ("BTC ") keeps a space from the digits it precedes.
      const next = parts[index + 1]
      return spaced && next && next.type !== 'literal' ? `${trimmed}\u00a0` : trimmed
    })
    .join('')
}
