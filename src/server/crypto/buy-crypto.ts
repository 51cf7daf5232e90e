import { and, eq } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { cryptocurrencies, wallets } from '#server/db/schema.ts'
import { findOrOpenHoldingAccount, systemAccountId } from '#server/ledger/accounts.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { findCurrency, findRateMicro, usdCurrencyId } from '#server/market/find-rate.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  convertAtRate,
  divideRoundHalfUp,
  exponentOf,
  formatMinor,
  groupDigits,
  isAssetCode,
  parseAmountOrThrow,
  parseScaled,
} from '#shared/money.ts'
import type { CryptoPurchaseRequest } from '#shared/schemas/exchange.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

/** Crypto prices are kept with 8 decimals of a US dollar. */
const PRICE_DECIMALS = 8

/**
 * Buys crypto for a US-dollar amount (docs/exchange-and-crypto.md), paid in the chosen currency at
 * today's rate from that wallet or by a card charge through the funding provider. The buyer receives amount ÷ price,
 * truncated (never rounded up) to the asset's decimals, into their holding. Two single-asset
 * legs through the crypto-custody account: the fiat comes in, the coins go out.
 */
export async function buyCrypto(
  tx: DbTransaction,
  userId: string,
  input: CryptoPurchaseRequest,
  /** Charges the card when the buyer pays by card; absent, card payments are unavailable. */
  funding: FundingProvider | undefined,
): Promise<TransactionResponse> {
  const [crypto] = await tx
    .select()
    .from(cryptocurrencies)
    .where(eq(cryptocurrencies.id, input.cryptoCurrencyId))
    .limit(1)
  if (!crypto?.isActive || !isAssetCode(crypto.code)) {
    throw new AppError('NOT_FOUND', msg('cryptocurrencyNotFound'), [
      { path: 'cryptoCurrencyId', message: msg('selectCryptocurrency') },
    ])
  }
  const coin = crypto.code
  const fiat = await findCurrency(tx, input.fiatCurrencyId, 'fiatCurrencyId')
  const usd = parseAmountOrThrow(input.amount, 'USD')

  // The price the buyer pays is the server's, never one a client sends.
  const priceMicroCents = parseScaled(crypto.priceUsd, PRICE_DECIMALS)
  const coinExponent = BigInt(exponentOf(coin))
  // usd cents / 100 ÷ (price / 10^8) coins, in the coin's minor units, truncated.
  const quantityMinor =
    (usd.amountMinor * 10n ** BigInt(PRICE_DECIMALS) * 10n ** coinExponent) /
    (100n * priceMicroCents)
  if (quantityMinor <= 0n) {
    const message = msg('amountTooSmallBuy', { coin })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'amount', message }])
  }
  const usdId = await usdCurrencyId(tx)
  const cost =
    fiat.code === 'USD'
      ? { ...usd, asset: fiat.code }
      : convertAtRate(usd, await findRateMicro(tx, usdId ?? 0, fiat.id, usdId), fiat.code, 'up')

  let payingAccountId: number
  let fromWalletId: string | null = null
  if (input.paymentMethod === 'wallet') {
    const [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.userId, userId), eq(wallets.currencyId, fiat.id)))
      .limit(1)
    if (!wallet)
      throw new AppError('NOT_FOUND', msg('haveNoCurrencyWallet', { currency: fiat.code }))
    const own = await findOwnWallet(tx, userId, wallet.id)
    payingAccountId = own.accountId
    fromWalletId = own.id
  } else {
    payingAccountId = await systemAccountId(tx, 'card_acquiring', fiat.code)
  }
  // A card is charged only once the journal (and its limits) has passed, in this transaction:
  // a purchase the limits refuse charges nothing (issue 32), a declined charge rolls it back.
  const cardProvider =
    input.paymentMethod === 'wallet'
      ? null
      : // A checkout provider cannot charge a card inside a request (docs/funding.md).
        requireProvider(
          funding?.topUps === 'instant' ? funding : undefined,
          msg('cardPaymentsNotAvailable'),
        )

  const holding = await findOrOpenHoldingAccount(tx, userId, coin)
  const quantityText = formatMinor(quantityMinor, exponentOf(coin))
  try {
    const journal = await postJournal(
      tx,
      {
        type: 'purchase',
        status: 'completed',
        asset: fiat.code,
        amountMinor: cost.amountMinor,
        convertedAsset: coin,
        convertedAmountMinor: quantityMinor,
        fromUserId: userId,
        toUserId: userId,
        fromWalletId,
        description: `Bought ${quantityText} ${coin} at $${groupDigits(formatMinor(divideRoundHalfUp(priceMicroCents, 10n ** BigInt(PRICE_DECIMALS - 2)), 2))}${input.paymentMethod === 'card' ? ' by card' : ''}`,
      },
      [
        { accountId: payingAccountId, asset: fiat.code, amountMinor: -cost.amountMinor },
        {
          accountId: await systemAccountId(tx, 'crypto_custody', fiat.code),
          asset: fiat.code,
          amountMinor: cost.amountMinor,
        },
        {
          accountId: await systemAccountId(tx, 'crypto_custody', coin),
          asset: coin,
          amountMinor: -quantityMinor,
        },
        { accountId: holding, asset: coin, amountMinor: quantityMinor },
      ],
    )
    if (cardProvider) {
      const charged = await cardProvider.collect({
        reference: `crypto-${journal.id}`,
        userId,
        asset: fiat.code,
        amountMinor: cost.amountMinor,
        method: 'card',
      })
      if (!charged.approved) throw new AppError('PAYMENT_DECLINED', charged.reason)
    }
    return toTransactionResponse(journal, userId, (asset) =>
      asset === coin ? crypto.symbol : asset === fiat.code ? fiat.symbol : asset,
    )
  } catch (error) {
    throw explainInsufficientFunds(error, fiat.code, fiat.symbol)
  }
}
