import { formatMinorAmount } from '#client/lib/format-amount.ts'
import {
  divideRoundHalfUp,
  exponentOf,
  formatMinor,
  isAssetCode,
  parseMoney,
  parseScaled,
} from '#shared/money.ts'

/** Crypto prices and values are in US dollars, written with this symbol. */
export const USD_CURRENCY = { code: 'USD', symbol: '$' }
/** Crypto prices travel in US dollars with 8 decimals. */
export const CRYPTO_PRICE_DECIMALS = 8
/** A crypto amount is shown to 8 decimals (docs/screens.md "Display rules"). */
export const CRYPTO_DISPLAY_DECIMALS = 8
const CENTS_PER_DOLLAR = 100n

/** How many decimals a coin's smallest unit has; an unknown coin is treated as 8, like BTC. */
export function coinDecimals(code: string): number {
  const upper = code.toUpperCase()
  return isAssetCode(upper) ? exponentOf(upper) : CRYPTO_DISPLAY_DECIMALS
}

/**
 * The coins a US-dollar amount buys at a price, as the server computes them: amount ÷ price in
 * the coin's smallest unit, truncated (never rounded up), then written with the 8 decimals
 * crypto is shown with (USDT's 6 are padded; docs/screens.md "Display rules"). Null when the
 * amount or the price is not usable, or the amount buys nothing. Everything is bigint arithmetic on the decimal texts: no float ever
 * touches the figure the buyer reads.
 */
export function previewCryptoQuantity(
  usdAmountText: string,
  priceText: string,
  coinCode: string,
): string | null {
  const usd = parseMoney(usdAmountText, 'USD')
  if (!usd.ok || usd.value.amountMinor <= 0n) return null
  let priceScaled: bigint
  try {
    priceScaled = parseScaled(priceText, CRYPTO_PRICE_DECIMALS)
  } catch {
    return null
  }
  if (priceScaled <= 0n) return null
  const decimals = coinDecimals(coinCode)
  // cents / 100 ÷ (price / 10^8) coins, in the coin's smallest unit (10^decimals per coin).
  const quantityMinor =
    (usd.value.amountMinor * 10n ** BigInt(CRYPTO_PRICE_DECIMALS) * 10n ** BigInt(decimals)) /
    (CENTS_PER_DOLLAR * priceScaled)
  if (quantityMinor <= 0n) return null
  return padDecimals(formatMinor(quantityMinor, decimals), CRYPTO_DISPLAY_DECIMALS)
}

/** A decimal text with at least `decimals` decimals, padded with zeros, never cut. */
export function padDecimals(decimalText: string, decimals: number): string {
  const [whole = '0', fraction = ''] = decimalText.split('.')
  const padded = fraction.padEnd(decimals, '0')
  return padded ? `${whole}.${padded}` : whole
}

/**
 * A US-dollar price with 8 decimals as people read it: rounded half-up to cents, with the
 * dollar sign, in the user's language ("$45,000.00" in English).
 */
export function formatUsdPrice(priceText: string): string {
  const cents = divideRoundHalfUp(
    parseScaled(priceText, CRYPTO_PRICE_DECIMALS),
    10n ** BigInt(CRYPTO_PRICE_DECIMALS - 2),
  )
  return formatMinorAmount(cents, 'USD', USD_CURRENCY.symbol)
}
