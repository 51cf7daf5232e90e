import type { Queryable } from '#server/db/client.ts'
import {
  type CurrencyRef,
  findCurrency,
  findRateMicro,
  usdCurrencyId,
} from '#server/market/find-rate.ts'
import { AppError, msg } from '#shared/errors.ts'
import { add, convertAtRate, type Money, parseAmountOrThrow, percentageOf } from '#shared/money.ts'
import { EXCHANGE_FEE_BASIS_POINTS } from '#shared/schemas/exchange.ts'

export type ExchangePrice = {
  from: CurrencyRef
  to: CurrencyRef
  amount: Money
  rateMicro: bigint
  fee: Money
  receive: Money
  totalDebit: Money
}

/**
 * What an exchange costs and yields at today's rate (docs/exchange-and-crypto.md "Currency
 * exchange"): you receive amount x rate, rounded down to the target currency's minor unit; the
 * 0.5% fee is charged on top in the source currency, rounded up; the total debit is amount +
 * fee. Rounding so, no exchange and its reverse end with more than they started (issue 32).
 */
export async function priceExchange(
  db: Queryable,
  input: { fromCurrencyId: number; toCurrencyId: number; amount: string | number },
): Promise<ExchangePrice> {
  const from = await findCurrency(db, input.fromCurrencyId, 'fromCurrencyId')
  const to = await findCurrency(db, input.toCurrencyId, 'toCurrencyId')
  if (from.id === to.id) {
    const message = msg('chooseTwoDifferentCurrencies')
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'toCurrencyId', message }])
  }
  const amount = parseAmountOrThrow(input.amount, from.code)
  const rateMicro = await findRateMicro(db, from.id, to.id, await usdCurrencyId(db))
  return priceAtRate(from, to, amount, rateMicro)
}

/** The same arithmetic at a given (for instance a quoted) rate. */
export function priceAtRate(
  from: CurrencyRef,
  to: CurrencyRef,
  amount: Money,
  rateMicro: bigint,
): ExchangePrice {
  const receive = convertAtRate(amount, rateMicro, to.code, 'down')
  if (receive.amountMinor <= 0n) {
    const message = msg('amountTooSmallExchange', { currency: to.code })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'amount', message }])
  }
  const fee = percentageOf(amount, EXCHANGE_FEE_BASIS_POINTS)
  return { from, to, amount, rateMicro, fee, receive, totalDebit: add(amount, fee) }
}
