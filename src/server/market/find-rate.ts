import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, exchangeRates } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  type AssetCode,
  divideRounding,
  isAssetCode,
  parseScaled,
  RATE_SCALE,
} from '#shared/money.ts'

export type CurrencyRef = { id: number; code: AssetCode; symbol: string }

/** An active currency by id, or a 404 naming the field. */
export async function findCurrency(db: Queryable, id: number, field: string): Promise<CurrencyRef> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1)
  if (!row?.isActive || !isAssetCode(row.code)) {
    throw new AppError('NOT_FOUND', msg('currencyNotFound'), [
      { path: field, message: msg('currencyNotFound') },
    ])
  }
  return { id: row.id, code: row.code, symbol: row.symbol }
}

async function storedRate(
  db: Queryable,
  fromId: number,
  toId: number,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrencyId, fromId), eq(exchangeRates.toCurrencyId, toId)))
    .limit(1)
  return row ? parseScaled(row.rate, RATE_SCALE) : undefined
}

const ONE_SQUARED = 10n ** BigInt(RATE_SCALE * 2)

/**
 * One over a rate, rounded down: a rate Sabi derives never gives more than the one it comes
 * from (issue 32), so converting back and forth cannot make money. Zero when the rate is too
 * large for its inverse to show in 6 decimals; findRateMicro then has no rate to offer.
 */
export function invertRateMicro(rateMicro: bigint): bigint {
  return divideRounding(ONE_SQUARED, rateMicro, 'down')
}

/** The rate of two conversions one after the other (through the dollar), rounded down. */
export function chainRatesMicro(firstMicro: bigint, secondMicro: bigint): bigint {
  return divideRounding(firstMicro * secondMicro, 10n ** BigInt(RATE_SCALE), 'down')
}

/**
 * How many units of `to` one unit of `from` buys, in micro-units: the direct pair, else one
 * over the reverse pair, else through the US dollar (issue "Currency exchange and crypto").
 */
export async function findRateMicro(
  db: Queryable,
  fromId: number,
  toId: number,
  usdId?: number,
): Promise<bigint> {
  if (fromId === toId) return 10n ** BigInt(RATE_SCALE)
  const direct = await storedRate(db, fromId, toId)
  if (direct) return direct
  const reverse = await storedRate(db, toId, fromId)
  const inverted = reverse ? invertRateMicro(reverse) : 0n
  if (inverted > 0n) return inverted
  if (!reverse && usdId !== undefined && fromId !== usdId && toId !== usdId) {
    const toUsd = await findRateMicro(db, fromId, usdId)
    const fromUsd = await findRateMicro(db, usdId, toId)
    const chained = chainRatesMicro(toUsd, fromUsd)
    if (chained > 0n) return chained
  }
  throw new AppError('NOT_AVAILABLE', msg('noExchangeRateAvailable'))
}

export async function usdCurrencyId(db: Queryable): Promise<number | undefined> {
  const [row] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, 'USD'))
    .limit(1)
  return row?.id
}
