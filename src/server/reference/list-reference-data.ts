import { asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Queryable } from '#server/db/client.ts'
import { cryptocurrencies, currencies, exchangeRates } from '#server/db/schema.ts'
import type { Cryptocurrency, Currency, ExchangeRate } from '#shared/schemas/reference.ts'

export async function listCurrencies(db: Queryable): Promise<Currency[]> {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.id))
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    flagEmoji: row.flagEmoji,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  }))
}

export async function listExchangeRates(db: Queryable): Promise<ExchangeRate[]> {
  const fromCurrency = alias(currencies, 'from_currency')
  const toCurrency = alias(currencies, 'to_currency')
  const rows = await db
    .select({ rate: exchangeRates, from: fromCurrency, to: toCurrency })
    .from(exchangeRates)
    .innerJoin(fromCurrency, eq(fromCurrency.id, exchangeRates.fromCurrencyId))
    .innerJoin(toCurrency, eq(toCurrency.id, exchangeRates.toCurrencyId))
    .orderBy(asc(exchangeRates.fromCurrencyId), asc(exchangeRates.toCurrencyId))
  return rows.map(({ rate, from, to }) => ({
    id: rate.id,
    fromCurrencyId: rate.fromCurrencyId,
    toCurrencyId: rate.toCurrencyId,
    fromCurrency: { id: from.id, code: from.code, symbol: from.symbol, name: from.name },
    toCurrency: { id: to.id, code: to.code, symbol: to.symbol, name: to.name },
    rate: rate.rate,
    changePercent: rate.changePercent,
    updatedAt: rate.updatedAt.toISOString(),
  }))
}

export async function listCryptocurrencies(db: Queryable): Promise<Cryptocurrency[]> {
  const rows = await db
    .select()
    .from(cryptocurrencies)
    .where(eq(cryptocurrencies.isActive, true))
    .orderBy(asc(cryptocurrencies.id))
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    iconUrl: row.iconUrl,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    price: row.priceUsd,
    change: row.changePercent,
  }))
}
