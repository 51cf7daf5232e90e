import type { PriceBook } from '#server/reference/usd-prices.ts'

/**
 * Where the market's prices come from. `next` gets the book as it stands (USD price of every
 * asset, scaled) and answers with the new book; an asset it does not know keeps its price.
 */
export type RatesProvider = {
  readonly name: string
  next(current: PriceBook): Promise<PriceBook>
}
