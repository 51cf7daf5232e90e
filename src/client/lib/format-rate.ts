import { currentLanguage, type Language } from '#client/i18n/language.ts'
import {
  divideRoundHalfUp,
  exponentOf,
  formatMinor,
  isAssetCode,
  parseScaled,
  RATE_SCALE,
} from '#shared/money.ts'
import { isDecimalText, numberLocaleOf } from '#shared/write-amount.ts'
import { formatAmount } from './format-amount.ts'

type Side = { code: string; symbol: string }

/** How many units of `to` one unit of `from` buys, as the server sends it (6 decimals). */
export type RateText = string

/** The server's rate with the language's separators, every decimal it sent kept. */
function exactDigits(rate: RateText, language: Language): string {
  if (!isDecimalText(rate)) return rate
  const decimals = rate.split('.')[1]?.length ?? 0
  return new Intl.NumberFormat(numberLocaleOf(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(rate)
}

/**
 * Cents of the quote side with its symbol. A rate is read in cents whatever the currency's own
 * decimals, so a currency with other decimals (a crypto asset) is written as a two-decimal one.
 */
function centsWithSymbol(cents: bigint, side: Side, language: Language): string {
  const code = side.code.toUpperCase()
  const twoDecimals = !isAssetCode(code) || exponentOf(code) === 2
  const currency = twoDecimals ? side : { code: '', symbol: side.symbol || `${side.code} ` }
  return formatAmount(formatMinor(cents, 2), currency, { language })
}

/**
 * A rate as people read it (docs/screens.md "Display rules"): from the side where one unit buys
 * more than one of the other, in cents, "1 USD = ₦1,526.54" rather than "1 NGN = 0.000655 USD".
 * `exact` is the server's own figure, one tap away. Both in the user's language.
 */
export function readableRate(
  rate: RateText,
  from: Side,
  to: Side,
  options: { language?: Language } = {},
): { text: string; exact: string } {
  const language = options.language ?? currentLanguage()
  const exact = `1 ${from.code} = ${exactDigits(rate, language)} ${to.code}`
  let scaled: bigint
  try {
    scaled = parseScaled(rate, RATE_SCALE)
  } catch {
    return { text: exact, exact }
  }
  if (scaled <= 0n) return { text: exact, exact }
  const one = 10n ** BigInt(RATE_SCALE)
  const [base, quote, cents] =
    scaled >= one
      ? [from, to, divideRoundHalfUp(scaled, one / 100n)]
      : [to, from, divideRoundHalfUp(one * 100n, scaled)]
  return { text: `1 ${base.code} = ${centsWithSymbol(cents, quote, language)}`, exact }
}
