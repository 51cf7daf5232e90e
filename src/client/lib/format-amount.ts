import { currentLanguage, type Language } from '#client/i18n/language.ts'
import {
  type AssetCode,
  exponentOf,
  formatMinor,
  isAssetCode,
  type Money,
  parseMoney,
} from '#shared/money.ts'

/**
 * The one amount formatter (docs/i18n.md "Money"): every amount on every screen goes through
 * it. `Intl.NumberFormat` in the user's language places the sign, the symbol, the group and
 * decimal separators ("₦1,234.56" in English, "1 234,56 ₦" in French, "₦ 1,234.56" in Hausa);
 * the digits come from the server's decimal text, which Intl formats exactly as a string (never
 * through a float), and the asset's decimals (2 for every fiat currency, docs/screens.md
 * "Display rules"). The symbol is Sabi's own for the currency (the server's), so English reads
 * as SPEC.md has it.
 */

/** A currency as the API describes it: its code and, when known, Sabi's symbol for it. */
export type CurrencyLike = { code: string; symbol?: string | null | undefined }

export type AmountOptions = {
  /** The language to write in; the selected one when omitted. */
  language?: Language
  /** `always` writes "+" before a positive amount, for money coming in. */
  sign?: 'auto' | 'always'
}

const PLAIN_DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/

/**
 * Whether text is a plain decimal ("-1234.50"), which Intl.NumberFormat formats exactly as
 * written, digit for digit, whatever its length (a string, not a float).
 */
export function isDecimalText(text: string): text is `${number}` {
  return PLAIN_DECIMAL.test(text)
}
const MIN_DECIMALS = 2
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
export function numberLocaleOf(language: Language): string {
  if (language !== 'ha') return language
  return Intl.NumberFormat.supportedLocalesOf(['ha-NG']).length > 0 ? 'ha-NG' : 'en-NG'
}

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(
  language: Language,
  decimals: number,
  style: 'currency' | 'decimal',
  sign: 'auto' | 'always',
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

/** A code's symbol when the API gave none: Intl's narrow one for ISO currencies, else the code. */
function fallbackSymbol(code: string): string {
  if (/^[A-Z]{3}$/.test(code) && !['BTC', 'ETH', 'BNB'].includes(code)) {
    try {
      const parts = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      }).formatToParts(0)
      const symbol = parts.find((part) => part.type === 'currency')?.value
      if (symbol && symbol !== code) return symbol
    } catch {
      // Not a currency Intl knows: the code it is.
    }
  }
  return `${code} `
}

/** The decimal text to format and its number of decimals, or null when it is not an amount. */
function exactDecimal(text: string, code: string): { decimal: string; decimals: number } | null {
  const match = PLAIN_DECIMAL.exec(text.trim())
  if (!match) return null
  const [, sign = '', whole = '0', fraction = ''] = match
  if (isAssetCode(code)) {
    const exponent = exponentOf(code)
    // More decimals than the asset has would be rounded by Intl: show the server's text as is.
    if (fraction.length > exponent) return null
    return { decimal: `${sign === '-' ? '-' : ''}${whole}.${fraction || '0'}`, decimals: exponent }
  }
  // An asset this client does not know: at least two decimals, extra digits kept, never rounded.
  const decimals = Math.max(MIN_DECIMALS, fraction.length)
  return { decimal: `${sign === '-' ? '-' : ''}${whole}.${fraction || '0'}`, decimals }
}

function write(
  decimal: string,
  decimals: number,
  symbol: string | null,
  options: AmountOptions,
): string {
  const language = options.language ?? currentLanguage()
  const sign = options.sign ?? 'auto'
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

function normaliseCode(currency: CurrencyLike | string): { code: string; symbol: string } {
  const code = (typeof currency === 'string' ? currency : currency.code).toUpperCase()
  const given = typeof currency === 'string' ? undefined : currency.symbol
  return { code, symbol: given || fallbackSymbol(code) }
}

/**
 * An amount with its currency's symbol, in the user's language: from the server's decimal
 * text ("1234.5") or from Money. Text that is not a plain amount is shown as it came rather
 * than guessed at.
 */
export function formatAmount(
  amount: string | Money,
  currency: CurrencyLike | string,
  options: AmountOptions = {},
): string {
  const { code, symbol } = normaliseCode(currency)
  const text =
    typeof amount === 'string' ? amount : formatMinor(amount.amountMinor, exponentOf(amount.asset))
  const exact = exactDecimal(text, typeof amount === 'string' ? code : amount.asset)
  if (!exact) return text
  return write(exact.decimal, exact.decimals, symbol, options)
}

/** An amount's digits alone, in the user's language ("1 234,56"): for inputs and tables. */
export function formatAmountDigits(
  amount: string | Money,
  currencyCode: string,
  options: AmountOptions = {},
): string {
  const code = currencyCode.toUpperCase()
  const text =
    typeof amount === 'string' ? amount : formatMinor(amount.amountMinor, exponentOf(amount.asset))
  const exact = exactDecimal(text, typeof amount === 'string' ? code : amount.asset)
  if (!exact) return text
  return write(exact.decimal, exact.decimals, null, options)
}

/** Minor units of an asset with its symbol, in the user's language. */
export function formatMinorAmount(
  amountMinor: bigint,
  asset: AssetCode,
  symbol?: string | null,
  options: AmountOptions = {},
): string {
  return formatAmount({ amountMinor, asset }, { code: asset, symbol }, options)
}

/** An API amount as Money, or null when the asset is unknown or the text is not a plain amount. */
export function toMoney(decimalText: string, currencyCode: string): Money | null {
  const code = currencyCode.toUpperCase()
  if (!isAssetCode(code)) return null
  const parsed = parseMoney(decimalText, code)
  return parsed.ok ? parsed.value : null
}

/** The separators a language writes numbers with. */
export function separatorsOf(language: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(numberLocaleOf(language)).formatToParts(1234567.5)
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  }
}

/**
 * Reads an amount as a person writes it in their language back to plain decimal text
 * ("1 234,56 ₦" in French is "1234.56"): symbols, letters and spaces dropped, the language's
 * group separator dropped and its decimal separator read as the point. Null when what is left
 * is not a number.
 */
export function parseAmountText(text: string, language: Language): string | null {
  const { group, decimal } = separatorsOf(language)
  const negative = /^[^\d]*-/.test(text.trim())
  let kept = ''
  for (const char of text) {
    if (/\d/.test(char)) kept += char
    else if (char === decimal) kept += '.'
    else if (char === group || /\s/.test(char) || char === '\u202f') continue
    else if (/[-+]/.test(char) || /[^\d.,]/.test(char)) continue
    else return null
  }
  if (!/^\d+(\.\d+)?$/.test(kept)) return null
  return `${negative ? '-' : ''}${kept}`
}
