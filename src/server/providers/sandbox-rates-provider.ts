import { randomInt } from 'node:crypto'
import type { PriceBook } from '#server/reference/usd-prices.ts'
import type { RatesProvider } from './rates-provider.ts'

/** Per tick, a fiat price moves by up to this many parts per million; a crypto price by more. */
const FIAT_STEP_PPM = 800
const CRYPTO_STEP_PPM = 4_000
/** Each tick pulls a price this share (in ppm) of the way back towards its reference. */
const REVERSION_PPM = 20_000n
/** A price never strays further than this from its reference (in ppm): a bounded walk. */
const BOUND_PPM = 100_000n

/**
 * The sandbox feed: every asset's price takes a small random step each tick, pulled back
 * towards its reference price and never more than 10% away from it, so the rates look alive
 * and stay plausible for ever. USD is the unit and never moves.
 */
export function createSandboxRatesProvider(
  reference: PriceBook,
  cryptoAssets: ReadonlySet<string>,
): RatesProvider {
  return {
    name: 'sandbox',
    async next(current) {
      const next = new Map(current)
      for (const [asset, referencePrice] of reference) {
        if (asset === 'USD') continue
        const price = current.get(asset) ?? referencePrice
        const step = cryptoAssets.has(asset) ? CRYPTO_STEP_PPM : FIAT_STEP_PPM
        const stepPpm = BigInt(randomInt(-step, step + 1))
        let moved =
          price +
          (price * stepPpm) / 1_000_000n +
          ((referencePrice - price) * REVERSION_PPM) / 1_000_000n
        const low = referencePrice - (referencePrice * BOUND_PPM) / 1_000_000n
        const high = referencePrice + (referencePrice * BOUND_PPM) / 1_000_000n
        if (moved < low) moved = low
        if (moved > high) moved = high
        next.set(asset, moved)
      }
      return next
    },
  }
}
