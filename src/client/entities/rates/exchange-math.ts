import { basisPointsPercentText, formatPercent } from '#client/lib/format-change.ts'
import {
  type AssetCode,
  add,
  convertAtRate,
  divideRoundHalfUp,
  formatMinor,
  type Money,
  parseScaled,
  percentageOf,
  RATE_SCALE,
} from '#shared/money.ts'
import { EXCHANGE_FEE_BASIS_POINTS } from '#shared/schemas/exchange.ts'
import type { ExchangeRate } from '#shared/schemas/reference.ts'

/** The rate the market list gives for a pair, and its 24h change when the pair is listed as is. */
export type ListedRate = { rate: string; changePercent: string | null }

const ONE_SQUARED = 10n ** BigInt(RATE_SCALE * 2)

/**
 * The listed rate from one currency to another: the direct pair, else one over the reverse
 * pair (as the server prices it). A reversed pair's 24h change is not the negated change, so
 * none is given rather than a wrong one.
 */
export function findListedRate(
  rates: readonly ExchangeRate[],
  fromCurrencyId: number,
  toCurrencyId: number,
): ListedRate | null {
  const direct = rates.find(
    (rate) => rate.fromCurrencyId === fromCurrencyId && rate.toCurrencyId === toCurrencyId,
  )
  if (direct) return { rate: direct.rate, changePercent: direct.changePercent }
  const reverse = rates.find(
    (rate) => rate.fromCurrencyId === toCurrencyId && rate.toCurrencyId === fromCurrencyId,
  )
  if (!reverse) return null
  const reverseMicro = parseScaled(reverse.rate, RATE_SCALE)
  if (reverseMicro <= 0n) return null
  return {
    rate: formatMinor(divideRoundHalfUp(ONE_SQUARED, reverseMicro), RATE_SCALE),
    changePercent: null,
  }
}

/** The exchange fee as a percentage in the user's language: 50 basis points are "0.5%" ("0,5 %"). */
export function feePercentText(basisPoints: bigint = EXCHANGE_FEE_BASIS_POINTS): string {
  return formatPercent(basisPointsPercentText(basisPoints))
}

export type ExchangeFigures = { fee: Money; receive: Money; totalDebit: Money }

/**
 * What an exchange costs and yields at a rate, with the server's arithmetic
 * (docs/exchange-and-crypto.md "Currency exchange"): the receiver gets amount x rate rounded
 * half-up to the target's minor unit; the 0.5% fee is added on top in the source currency, rounded
 * half-up. Null when the amount buys nothing.
 */
export function estimateExchange(
  amount: Money,
  rateText: string,
  to: AssetCode,
): ExchangeFigures | null {
  const rateMicro = parseScaled(rateText, RATE_SCALE)
  if (rateMicro <= 0n) return null
  const receive = convertAtRate(amount, rateMicro, to, 'down')
  if (receive.amountMinor <= 0n) return null
  const fee = percentageOf(amount, EXCHANGE_FEE_BASIS_POINTS)
  return { fee, receive, totalDebit: add(amount, fee) }
}
