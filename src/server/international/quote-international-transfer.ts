import type { Queryable } from '#server/db/client.ts'
import { quotes } from '#server/db/schema.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { formatMinor, formatMoney, RATE_SCALE } from '#shared/money.ts'
import {
  basisPointsToPercent,
  DELIVERY_ESTIMATES,
  INTERNATIONAL_QUOTE_TTL_MS,
  type InternationalQuote,
  type InternationalQuoteRequest,
} from '#shared/schemas/international.ts'
import type { InternationalQuoteDetails } from './international-quote-details.ts'
import { priceInternationalTransfer } from './price-international-transfer.ts'

/**
 * Prices a transfer abroad from one of the user's wallets and locks that price for
 * INTERNATIONAL_QUOTE_TTL_MS: the rate, the fee, what the recipient gets and when. The quote
 * is kept with what its price depends on (wallet, region, country, method), so the transfer
 * made with it can be checked against it.
 */
export async function quoteInternationalTransfer(
  db: Queryable,
  userId: string,
  input: InternationalQuoteRequest,
  nowMs = Date.now(),
): Promise<InternationalQuote> {
  const wallet = await findOwnWallet(db, userId, input.fromWalletId)
  const price = await priceInternationalTransfer(db, wallet, input)
  const expiresAt = new Date(nowMs + INTERNATIONAL_QUOTE_TTL_MS)
  const rate = formatMinor(price.rateMicro, RATE_SCALE)
  const details: InternationalQuoteDetails = {
    walletId: wallet.id,
    region: price.region.id,
    countryCode: price.country.code,
    method: price.method,
  }
  const [row] = await db
    .insert(quotes)
    .values({
      userId,
      fromCurrencyId: wallet.currencyId,
      toCurrencyId: price.receiveCurrencyId,
      amountMinor: price.amount.amountMinor,
      rate,
      feeMinor: price.fee.amountMinor,
      receiveMinor: price.receive.amountMinor,
      purpose: 'international',
      details,
      expiresAt,
      createdAt: new Date(nowMs),
    })
    .returning({ id: quotes.id })
  if (!row) throw new Error('insert into quotes returned no row')
  return {
    id: row.id,
    fromWalletId: wallet.id,
    region: price.region.id,
    countryCode: price.country.code,
    method: price.method,
    amount: formatMoney(price.amount),
    sendCurrency: wallet.asset,
    rate,
    fee: formatMoney(price.fee),
    feePercent: basisPointsToPercent(price.feeBasisPoints),
    totalDebit: formatMoney(price.totalDebit),
    receiveAmount: formatMoney(price.receive),
    receiveCurrency: price.receive.asset,
    deliveryEstimate: DELIVERY_ESTIMATES[price.method],
    expiresAt: expiresAt.toISOString(),
  }
}
