import type { Queryable } from '#server/db/client.ts'
import { readLatestPricesOf } from '#server/market/refresh-market.ts'
import type { PriceBook } from '#server/reference/usd-prices.ts'
import { type AssetCode, divideRoundHalfUp, exponentOf } from '#shared/money.ts'

/** What an amount of an asset is worth in kobo, at the market price read for the valuer. */
export type NairaValuer = (asset: AssetCode, amountMinor: bigint) => bigint

const NAIRA_EXPONENT = exponentOf('NGN')

/**
 * The one valuation in naira (docs/limits.md: "every other asset counts at the current market
 * rate"): an amount's USD price over the naira's, in kobo, rounded half away from zero.
 */
export function nairaValuerOf(prices: PriceBook): NairaValuer {
  return (asset, amountMinor) => {
    if (asset === 'NGN') return amountMinor
    const price = prices.get(asset)
    if (price === undefined) throw new Error(`no market price for ${asset}`)
    const nairaPrice = prices.get('NGN')
    if (nairaPrice === undefined) throw new Error('no market price for NGN')
    // minor / 10^e units, times its USD price, over the naira's USD price, in kobo.
    const exponentShift = NAIRA_EXPONENT - exponentOf(asset)
    const numerator = amountMinor * price * 10n ** BigInt(Math.max(exponentShift, 0))
    const denominator = nairaPrice * 10n ** BigInt(Math.max(-exponentShift, 0))
    return divideRoundHalfUp(numerator, denominator)
  }
}

/**
 * A valuer for the given assets at the latest market prices. Naira needs no price, so an
 * all-naira amount reads none.
 */
export async function loadNairaValuer(
  db: Queryable,
  assets: Iterable<AssetCode>,
): Promise<NairaValuer> {
  const foreign = [...new Set(assets)].filter((asset) => asset !== 'NGN')
  if (foreign.length === 0) return nairaValuerOf(new Map())
  return nairaValuerOf(await readLatestPricesOf(db, ['NGN', ...foreign]))
}
