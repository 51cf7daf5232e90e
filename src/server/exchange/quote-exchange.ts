import type { Queryable } from '#server/db/client.ts'
import { quotes } from '#server/db/schema.ts'
import { formatMinor, formatMoney, RATE_SCALE } from '#shared/money.ts'
import { QUOTE_TTL_MS, type Quote, type QuoteRequest } from '#shared/schemas/exchange.ts'
import { priceExchange } from './price-exchange.ts'

/** Prices an exchange and locks that price for the user for QUOTE_TTL_MS. */
export async function quoteExchange(
  db: Queryable,
  userId: string,
  input: QuoteRequest,
  nowMs = Date.now(),
): Promise<Quote> {
  const price = await priceExchange(db, input)
  const expiresAt = new Date(nowMs + QUOTE_TTL_MS)
  const [row] = await db
    .insert(quotes)
    .values({
      userId,
      fromCurrencyId: price.from.id,
      toCurrencyId: price.to.id,
      amountMinor: price.amount.amountMinor,
      rate: formatMinor(price.rateMicro, RATE_SCALE),
      feeMinor: price.fee.amountMinor,
      receiveMinor: price.receive.amountMinor,
      expiresAt,
      createdAt: new Date(nowMs),
    })
    .returning({ id: quotes.id })
  if (!row) throw new Error('insert into quotes returned no row')
  return {
    id: row.id,
    fromCurrencyId: price.from.id,
    toCurrencyId: price.to.id,
    amount: formatMoney(price.amount),
    rate: formatMinor(price.rateMicro, RATE_SCALE),
    fee: formatMoney(price.fee),
    receiveAmount: formatMoney(price.receive),
    totalDebit: formatMoney(price.totalDebit),
    expiresAt: expiresAt.toISOString(),
  }
}
