import { eq, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Database, type Queryable, queryRows } from '#server/db/client.ts'
import { cryptocurrencies, currencies, exchangeRates, marketPrices } from '#server/db/schema.ts'
import type { RatesProvider } from '#server/providers/rates-provider.ts'
import {
  changeHundredths,
  crossRateMicro,
  formatPrice,
  PRICE_SCALE,
  type PriceBook,
  parsePrice,
  referencePriceBook,
} from '#server/reference/usd-prices.ts'
import { divideRoundHalfUp, formatMinor } from '#shared/money.ts'

/** History older than this is of no use: changes look back 24 hours. */
export const MARKET_HISTORY_MS = 48 * 60 * 60 * 1000
const CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000
/** Two instances ticking within this of each other record one price, not two. */
const MIN_TICK_GAP_MS = 45 * 1000
const MARKET_LOCK_KEY = 7_310_512_003

function toBook(rows: Record<string, unknown>[]): Map<string, bigint> {
  return new Map(rows.map((row) => [String(row.asset), parsePrice(String(row.usd_price))]))
}

/** The latest recorded price of every asset, the reference price where none is recorded. */
export async function readLatestPrices(db: Queryable): Promise<PriceBook> {
  const rows = await queryRows(
    db,
    sql`select distinct on (asset) asset, usd_price::text as usd_price from market_prices order by asset, recorded_at desc`,
  )
  return new Map([...referencePriceBook(), ...toBook(rows)])
}

/**
 * The latest price of just the given assets (the reference price where none is recorded): one
 * index probe per asset, cheap enough to run inside a posting (docs/limits.md).
 */
export async function readLatestPricesOf(
  db: Queryable,
  assets: readonly string[],
): Promise<PriceBook> {
  const reference = referencePriceBook()
  const book = new Map<string, bigint>()
  for (const asset of assets) {
    const price = reference.get(asset)
    if (price !== undefined) book.set(asset, price)
  }
  if (assets.length === 0) return book
  const rows = await queryRows(
    db,
    sql`select a.asset, p.usd_price::text as usd_price
        from unnest(${`{${assets.join(',')}}`}::text[]) as a(asset)
        cross join lateral (
          select usd_price from market_prices m where m.asset = a.asset
          order by m.recorded_at desc limit 1
        ) p`,
  )
  for (const [asset, price] of toBook(rows)) book.set(asset, price)
  return book
}

/** Each asset's price at a moment: the last one recorded by then, else the oldest known. */
async function readPricesAt(db: Queryable, atMs: number): Promise<Map<string, bigint>> {
  const at = new Date(atMs).toISOString()
  const before = await queryRows(
    db,
    sql`select distinct on (asset) asset, usd_price::text as usd_price from market_prices where recorded_at <= ${at}::timestamptz order by asset, recorded_at desc`,
  )
  const oldest = await queryRows(
    db,
    sql`select distinct on (asset) asset, usd_price::text as usd_price from market_prices order by asset, recorded_at asc`,
  )
  return new Map([...toBook(oldest), ...toBook(before)])
}

/**
 * One tick of the market: asks the provider for new prices, records them, and rewrites every
 * exchange rate (a pair's rate is the ratio of the two USD prices, so reverse pairs agree) and
 * every crypto price with their change over the last 24 hours of real history. Only one
 * instance ticks at a time, and a tick right after another is skipped. Returns whether it
 * recorded prices.
 */
export async function refreshMarket(
  db: Database,
  provider: RatesProvider,
  nowMs = Date.now(),
): Promise<boolean> {
  const current = await readLatestPrices(db)
  // The provider may call the network: never while holding a transaction open.
  const next = await provider.next(current)
  return db.transaction(async (tx) => {
    const [lock] = await queryRows(
      tx,
      sql`select pg_try_advisory_xact_lock(${MARKET_LOCK_KEY}) as locked`,
    )
    if (lock?.locked !== true) return false
    const [latest] = await queryRows(tx, sql`select max(recorded_at) as at from market_prices`)
    const latestAt = latest?.at ? new Date(String(latest.at)).getTime() : Number.NEGATIVE_INFINITY
    if (nowMs - latestAt < MIN_TICK_GAP_MS) return false

    const recordedAt = new Date(nowMs)
    await tx
      .insert(marketPrices)
      .values(
        [...next].map(([asset, price]) => ({ asset, usdPrice: formatPrice(price), recordedAt })),
      )
    const then = await readPricesAt(tx, nowMs - CHANGE_WINDOW_MS)

    const fromCurrency = alias(currencies, 'from_currency')
    const toCurrency = alias(currencies, 'to_currency')
    const pairs = await tx
      .select({ id: exchangeRates.id, from: fromCurrency.code, to: toCurrency.code })
      .from(exchangeRates)
      .innerJoin(fromCurrency, eq(fromCurrency.id, exchangeRates.fromCurrencyId))
      .innerJoin(toCurrency, eq(toCurrency.id, exchangeRates.toCurrencyId))
    for (const pair of pairs) {
      const [from, to, fromThen, toThen] = [
        next.get(pair.from),
        next.get(pair.to),
        then.get(pair.from),
        then.get(pair.to),
      ]
      if (!from || !to) continue
      await tx
        .update(exchangeRates)
        .set({
          rate: formatMinor(crossRateMicro(from, to), 6),
          changePercent: formatMinor(
            fromThen && toThen ? changeHundredths(from, to, fromThen, toThen) : 0n,
            2,
          ),
          updatedAt: recordedAt,
        })
        .where(eq(exchangeRates.id, pair.id))
    }

    for (const crypto of await tx
      .select({ id: cryptocurrencies.id, code: cryptocurrencies.code })
      .from(cryptocurrencies)) {
      const price = next.get(crypto.code)
      if (!price) continue
      const priceThen = then.get(crypto.code)
      await tx
        .update(cryptocurrencies)
        .set({
          // The column keeps 8 decimals; the book keeps 18.
          priceUsd: formatMinor(divideRoundHalfUp(price, 10n ** BigInt(PRICE_SCALE - 8)), 8),
          changePercent: formatMinor(
            priceThen ? changeHundredths(price, 1n, priceThen, 1n) : 0n,
            2,
          ),
          updatedAt: recordedAt,
        })
        .where(eq(cryptocurrencies.id, crypto.id))
    }

    await tx
      .delete(marketPrices)
      .where(lt(marketPrices.recordedAt, new Date(nowMs - MARKET_HISTORY_MS)))
    return true
  })
}
