import { and, eq } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { quotes } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { type PostingInput, postJournal } from '#server/ledger/post-journal.ts'
import { findCurrency } from '#server/market/find-rate.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { findOrOpenWallet } from '#server/wallets/open-wallet.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { formatMinor, parseAmountOrThrow, parseScaled, RATE_SCALE } from '#shared/money.ts'
import type { ExchangeRequest } from '#shared/schemas/exchange.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'
import { type ExchangePrice, priceAtRate, priceExchange } from './price-exchange.ts'

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/** The price of a live quote of this user's for exactly this exchange; an expired one is a 409. */
async function priceFromQuote(
  tx: DbTransaction,
  userId: string,
  quoteId: string,
  input: ExchangeRequest,
  nowMs: number,
): Promise<ExchangePrice> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId), eq(quotes.purpose, 'exchange')))
    .limit(1)
  if (!quote) throw new AppError('NOT_FOUND', msg('quoteNotFound'))
  if (quote.expiresAt.getTime() <= nowMs) {
    throw new AppError('QUOTE_EXPIRED', msg('quoteHasExpiredReview'))
  }
  const from = await findCurrency(tx, quote.fromCurrencyId, 'fromCurrencyId')
  const to = await findCurrency(tx, quote.toCurrencyId, 'toCurrencyId')
  const amount = parseAmountOrThrow(input.amount, from.code)
  if (
    quote.fromCurrencyId !== input.fromCurrencyId ||
    quote.toCurrencyId !== input.toCurrencyId ||
    quote.amountMinor !== amount.amountMinor
  ) {
    refuse(msg('quoteDifferentExchangeGet'), 'quoteId')
  }
  return priceAtRate(from, to, amount, parseScaled(quote.rate, RATE_SCALE))
}

/**
 * Exchanges money between two of the user's wallets (docs/exchange-and-crypto.md). One journal with
 * two single-currency legs through the house's FX liquidity accounts, and the fee a posting of its
 * own (docs/ledger.md "Journals and postings").
 * A live quote's rate is honoured; without one, today's rate applies. A missing destination wallet
 * is opened.
 */
export async function exchangeCurrency(
  tx: DbTransaction,
  userId: string,
  input: ExchangeRequest,
  nowMs = Date.now(),
): Promise<TransactionResponse> {
  const fromWallet = await findOwnWallet(tx, userId, input.fromWalletId)
  if (fromWallet.currencyId !== input.fromCurrencyId)
    refuse(msg('walletHoldsCurrency', { currency: fromWallet.asset }), 'fromWalletId')
  const price = input.quoteId
    ? await priceFromQuote(tx, userId, input.quoteId, input, nowMs)
    : await priceExchange(tx, input)
  const toWallet = input.toWalletId
    ? await findOwnWallet(tx, userId, input.toWalletId)
    : await findOrOpenWallet(tx, userId, price.to.id)
  if (toWallet.currencyId !== price.to.id)
    refuse(msg('destinationWalletDoesNot', { currency: price.to.code }), 'toWalletId')

  const { from, to, amount, fee, receive, totalDebit } = price
  const lines: PostingInput[] = [
    { accountId: fromWallet.accountId, asset: from.code, amountMinor: -totalDebit.amountMinor },
    {
      accountId: await systemAccountId(tx, 'fx_liquidity', from.code),
      asset: from.code,
      amountMinor: amount.amountMinor,
    },
    {
      accountId: await systemAccountId(tx, 'fx_liquidity', to.code),
      asset: to.code,
      amountMinor: -receive.amountMinor,
    },
    { accountId: toWallet.accountId, asset: to.code, amountMinor: receive.amountMinor },
  ]
  if (fee.amountMinor > 0n) {
    lines.push({
      accountId: await systemAccountId(tx, 'fees', from.code),
      asset: from.code,
      amountMinor: fee.amountMinor,
    })
  }
  try {
    const journal = await postJournal(
      tx,
      {
        type: 'exchange',
        status: 'completed',
        asset: from.code,
        amountMinor: amount.amountMinor,
        feeMinor: fee.amountMinor,
        exchangeRate: formatMinor(price.rateMicro, RATE_SCALE),
        convertedAsset: to.code,
        convertedAmountMinor: receive.amountMinor,
        fromUserId: userId,
        toUserId: userId,
        fromWalletId: fromWallet.id,
        toWalletId: toWallet.id,
        description: englishDescription({ kind: 'exchange', from: from.code, to: to.code }),
      },
      lines,
    )
    return toTransactionResponse(journal, userId, (asset) =>
      asset === to.code ? to.symbol : asset === from.code ? from.symbol : asset,
    )
  } catch (error) {
    throw explainInsufficientFunds(error, from.code, from.symbol)
  }
}
