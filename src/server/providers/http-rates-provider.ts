import { z } from 'zod'
import { parsePrice, priceFromUnitsPerUsd } from '#server/reference/usd-prices.ts'
import type { RatesProvider } from './rates-provider.ts'

const decimal = z
  .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()])
  .transform(String)

/**
 * The JSON an FX_RATES_URL feed answers with (documented in README):
 * `{ "base": "USD", "rates": { "NGN": "1530.25", ... }, "crypto": { "BTC": "45000.12", ... } }`
 * where `rates` are units of each currency per US dollar and `crypto` the USD price of one
 * coin. Assets the feed leaves out keep their last price.
 */
export const ratesFeedSchema = z.object({
  base: z.literal('USD'),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), decimal),
  crypto: z.record(z.string().regex(/^[A-Z]{2,10}$/), decimal).optional(),
})

const FETCH_TIMEOUT_MS = 10_000

export function createHttpRatesProvider(url: string): RatesProvider {
  return {
    name: 'http',
    async next(current) {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
      if (!response.ok) throw new Error(`rates feed answered ${response.status}`)
      const feed = ratesFeedSchema.parse(await response.json())
      const next = new Map(current)
      for (const [code, unitsPerUsd] of Object.entries(feed.rates)) {
        if (current.has(code) && code !== 'USD') next.set(code, priceFromUnitsPerUsd(unitsPerUsd))
      }
      for (const [code, price] of Object.entries(feed.crypto ?? {})) {
        if (current.has(code)) next.set(code, parsePrice(price))
      }
      return next
    },
  }
}
