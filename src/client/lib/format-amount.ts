import { currentLanguage, type Language } from '#client/i18n/language.ts'
import {
  type AssetCode,
  exponentOf,
  formatMinor,
  isAssetCode,
  type Money,
  parseMoney,
} from '#shared/money.ts'
import { numberLocaleOf, PLAIN_DECIMAL, writeAmount } from '#shared/write-amount.ts'

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

const MIN_DECIMALS = 2
/** A code's symbol when the API gave none: Intl's narrow one for ISO currencies, else the code. */
const fallbackSymbols = new Map<string, string>()

function fallbackSymbol(code: string): string {
  let symbol = fallbackSymbols.get(code)
  if (symbol === undefined) {
    symbol = intlSymbol(code)
    fallbackSymbols.set(code, symbol)
  }
  return symbol
}

function intlSymbol(code: string): string {
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

function normaliseCode(currency: CurrencyLike | string): { code: string; symbol: string } {
  const code = (typeof currency === 'string' ? currency : currency.code).toUpperCase()
  const given = typeof currency === 'string' ? undefined : currency.symbol
  return { code, symbol: given || fallbackSymbol(code) }
}

/** `amount` written with `symbol` (or none) in the options' language, when it is exact. */
function write(
  amount: string | Money,
  code: string,
  symbol: string | null,
  options: AmountOptions,
): string {
  const text =
    typeof amount === 'string' ? amount : formatMinor(amount.amountMinor, exponentOf(amount.asset))
  const exact = exactDecimal(text, typeof amount === 'string' ? code : amount.asset)
  if (!exact) return text
  const language = options.language ?? currentLanguage()
  return writeAmount(exact.decimal, exact.decimals, symbol, language, options.sign)
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
  return write(amount, code, symbol, options)
}

/** An amount's digits alone, in the user's language ("1 234,56"): for inputs and tables. */
export function formatAmountDigits(
  amount: string | Money,
  currencyCode: string,
  options: AmountOptions = {},
): string {
  return write(amount, currencyCode.toUpperCase(), null, options)
}

/** A crypto amount is shown to 8 decimals (docs/screens.md "Display rules"). */
const CRYPTO_DISPLAY_DECIMALS = 8
/**
 * Not an asset code: digits written under it keep every decimal they are given, so a coin's
 * quantity padded to 8 decimals (USDT has 6) is written with all 8.
 */
const CRYPTO_QUANTITY = 'QUANTITY'

/**
 * A crypto quantity as the server sends it ("4.992434"), shown to 8 decimals in the user's
 * language: "4.99243400" in English, "4,99243400" in French. Text that is not a plain amount is
 * shown as it came.
 */
export function formatCryptoQuantity(decimalText: string, options: AmountOptions = {}): string {
  const text = decimalText.trim()
  if (!/^-?\d+(\.\d+)?$/.test(text)) return decimalText
  const [whole = '0', fraction = ''] = text.split('.')
  const padded = `${whole}.${fraction.padEnd(CRYPTO_DISPLAY_DECIMALS, '0')}`
  return write(padded, CRYPTO_QUANTITY, null, options)
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

const separators = new Map<Language, { group: string; decimal: string }>()

/** The separators a language writes numbers with, read from Intl once per language. */
export function separatorsOf(language: Language): { group: string; decimal: string } {
  let found = separators.get(language)
  if (!found) {
    const parts = new Intl.NumberFormat(numberLocaleOf(language)).formatToParts(1234567.5)
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    }
    separators.set(language, found)
  }
  return found
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
