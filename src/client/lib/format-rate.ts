import {
  divideRoundHalfUp,
  formatMinor,
  groupDigits,
  parseScaled,
  RATE_SCALE,
} from '#shared/money.ts'

type Side = { code: string; symbol: string }

/** How many units of `to` one unit of `from` buys, as the server sends it (6 decimals). */
export type RateText = string

/**
 * A rate as people read it (docs/screens.md "Display rules"): from the side where one unit buys
 * more than one of the other, in cents, "1 USD = ₦1,526.54" rather than "1 NGN = 0.000655 USD".
 * `exact` is the server's own figure, one tap away.
 */
export function readableRate(
  rate: RateText,
  from: Side,
  to: Side,
): { text: string; exact: string } {
  const exact = `1 ${from.code} = ${groupDigits(rate)} ${to.code}`
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
  return { text: `1 ${base.code} = ${quote.symbol}${groupDigits(formatMinor(cents, 2))}`, exact }
}
