import { divideRoundHalfUp, divideRounding, formatMinor, parseScaled } from '#shared/money.ts'
import { SEED_CRYPTOCURRENCIES, SEED_CURRENCIES, UNITS_PER_USD } from './reference-data.ts'

/** USD prices of one unit of an asset carry 18 decimals: a naira is about 0.000653594771241830, and rates derived from it stay exact to their 6 decimals. */
export const PRICE_SCALE = 18

/** Every asset's USD price at one moment, scaled by 10^PRICE_SCALE. */
export type PriceBook = ReadonlyMap<string, bigint>

export function parsePrice(text: string): bigint {
  return parseScaled(text, PRICE_SCALE)
}

export function formatPrice(scaled: bigint): string {
  return formatMinor(scaled, PRICE_SCALE)
}

/** The price of `units` of an asset per US dollar ("1530.000000" naira) as a USD price. */
export function priceFromUnitsPerUsd(unitsPerUsd: string): bigint {
  const units = parseScaled(unitsPerUsd, PRICE_SCALE)
  return divideRoundHalfUp(10n ** BigInt(PRICE_SCALE * 2), units)
}

/**
 * How many units of `to` one unit of `from` buys, in micro-units (6 decimals, docs/money.md
 * "Rates"), from the two USD prices, rounded down: a published rate never gives more than the
 * market's mid rate, so no exchange and its reverse can end with more than they started.
 */
export function crossRateMicro(fromPrice: bigint, toPrice: bigint): bigint {
  return divideRounding(fromPrice * 1_000_000n, toPrice, 'down')
}

/**
 * The change of a ratio of prices between then and now, in hundredths of a percent, rounded
 * half-up and held inside decimal(5,2): (now/then - 1) x 100.
 */
export function changeHundredths(
  nowRatioTop: bigint,
  nowRatioBottom: bigint,
  thenRatioTop: bigint,
  thenRatioBottom: bigint,
): bigint {
  const numerator = (nowRatioTop * thenRatioBottom - nowRatioBottom * thenRatioTop) * 10_000n
  const change = divideRoundHalfUp(numerator, nowRatioBottom * thenRatioTop)
  return change > 99_999n ? 99_999n : change < -99_999n ? -99_999n : change
}

/** Where every price starts before the market has a history: the seeded reference data. */
export function referencePriceBook(): PriceBook {
  const book = new Map<string, bigint>()
  for (const currency of SEED_CURRENCIES)
    book.set(currency.code, priceFromUnitsPerUsd(UNITS_PER_USD[currency.code]))
  for (const crypto of SEED_CRYPTOCURRENCIES) book.set(crypto.code, parsePrice(crypto.priceUsd))
  return book
}
