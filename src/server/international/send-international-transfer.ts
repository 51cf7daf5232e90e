import { and, eq } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { quotes } from '#server/db/schema.ts'
import { initiatePayout } from '#server/payouts/initiate-payout.ts'
import type { PayoutProvider } from '#server/providers/payout-provider.ts'
import type { RecipientDraft } from '#server/recipients/save-recipient.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, type ErrorKey, type Message, msg } from '#shared/errors.ts'
import { formatMinor, formatMoney, money, parseScaled, RATE_SCALE } from '#shared/money.ts'
import {
  accountCharactersOf,
  DELIVERY_ESTIMATE_TEXT,
  DELIVERY_ESTIMATES,
  type InternationalRecipient,
  type InternationalTransferRequest,
  phoneDigitsOf,
} from '#shared/schemas/international.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'
import { internationalQuoteDetailsSchema } from './international-quote-details.ts'
import { findDestination } from './price-international-transfer.ts'

/** The refusal of recipient details of another method than the quote's. */
const QUOTE_METHOD_KEYS = {
  bank_wire: 'quoteBankWireEnter',
  cash_pickup: 'quoteCashPickupEnter',
  mobile_wallet: 'quoteMobileWalletEnter',
} as const satisfies Record<string, ErrorKey>

const METHOD_NAMES = {
  bank_wire: 'Bank wire',
  cash_pickup: 'Cash pickup',
  mobile_wallet: 'Mobile wallet',
} as const

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/** A phone number as the partner takes it: digits with the leading + kept, nothing else. */
function normalisePhone(text: string): string {
  return phoneDigitsOf(text.trim())
}

/** The recipient's details as strings for the payout record the partner and the user read. */
function recipientFields(recipient: InternationalRecipient): Record<string, string> {
  if (recipient.method === 'bank_wire') {
    return {
      bankName: recipient.bankName,
      accountNumber: accountCharactersOf(recipient.accountNumber),
      ...(recipient.swiftCode ? { swiftCode: recipient.swiftCode.toUpperCase() } : {}),
    }
  }
  if (recipient.method === 'cash_pickup') {
    return { phoneNumber: normalisePhone(recipient.phoneNumber) }
  }
  return {
    phoneNumber: normalisePhone(recipient.phoneNumber),
    walletProvider: recipient.walletProvider,
  }
}

/**
 * Sends money abroad at a locked quote (issue "Money out"): the quote must be this user's, for
 * a transfer abroad, still valid, unused, and for this wallet; the recipient's details must
 * suit the quote's method. Amount and fee leave the wallet at once into a pending payout (the
 * ledger stays in the wallet's currency; the partner pays the receive amount abroad), and the
 * recipient is saved once the partner has paid out.
 */
export async function sendInternationalTransfer(
  tx: DbTransaction,
  userId: string,
  input: InternationalTransferRequest,
  provider: PayoutProvider,
  nowMs = Date.now(),
): Promise<TransactionResponse> {
  // Locked, so two submissions with the same quote (two keys, two tabs) cannot both use it.
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.id, input.quoteId),
        eq(quotes.userId, userId),
        eq(quotes.purpose, 'international'),
      ),
    )
    .limit(1)
    .for('update')
  if (!quote) throw new AppError('NOT_FOUND', msg('quoteNotFoundGet'))
  const parsed = internationalQuoteDetailsSchema.safeParse(quote.details)
  if (!parsed.success) throw new Error(`quote ${quote.id} has unreadable details`)
  const details = parsed.data
  if (details.usedByJournalId) {
    throw new AppError('QUOTE_USED', msg('quoteHasAlreadyBeen'))
  }
  if (quote.expiresAt.getTime() <= nowMs) {
    throw new AppError('QUOTE_EXPIRED', msg('quoteExpiredReviewNew'))
  }
  const wallet = await findOwnWallet(tx, userId, input.fromWalletId)
  if (wallet.id !== details.walletId || wallet.currencyId !== quote.fromCurrencyId) {
    refuse(msg('quoteAnotherWalletGet'), 'fromWalletId')
  }
  const { recipient } = input
  if (recipient.method !== details.method) {
    refuse(msg(QUOTE_METHOD_KEYS[details.method]), 'recipient.method')
  }
  const { region, country } = findDestination(details.region, details.countryCode)
  const amount = money(quote.amountMinor, wallet.asset)
  const fee = money(quote.feeMinor, wallet.asset)
  const receive = money(quote.receiveMinor, country.currency)
  const fields = recipientFields(recipient)
  const deliveryEstimate = DELIVERY_ESTIMATE_TEXT[DELIVERY_ESTIMATES[details.method]]
  const draft: RecipientDraft = {
    kind: 'international',
    name: recipient.fullName,
    ...(fields.accountNumber ? { accountNumber: fields.accountNumber } : {}),
    ...(fields.phoneNumber ? { phoneNumber: fields.phoneNumber } : {}),
    countryCode: country.code,
    details: {
      method: details.method,
      region: region.id,
      countryName: country.name,
      currency: country.currency,
      ...(fields.bankName ? { bankName: fields.bankName } : {}),
      ...(fields.swiftCode ? { swiftCode: fields.swiftCode } : {}),
      ...(fields.walletProvider ? { walletProvider: fields.walletProvider } : {}),
    },
  }
  const journal = await initiatePayout(tx, {
    userId,
    wallet,
    amount,
    fee,
    kind: 'international',
    provider: provider.name,
    type: 'send',
    details: {
      region: region.id,
      regionName: region.name,
      countryCode: country.code,
      countryName: country.name,
      method: details.method,
      methodName: METHOD_NAMES[details.method],
      receiveAmount: formatMoney(receive),
      receiveCurrency: receive.asset,
      exchangeRate: formatMinor(parseScaled(quote.rate, RATE_SCALE), RATE_SCALE),
      deliveryEstimate,
      recipientName: recipient.fullName,
      ...fields,
    },
    recipient: draft,
    description:
      input.description ||
      englishDescription({
        kind: 'internationalTransfer',
        recipientName: recipient.fullName,
        countryCode: country.code,
        countryName: country.name,
      }),
  })
  await tx
    .update(quotes)
    .set({ details: { ...details, usedByJournalId: journal.id } })
    .where(eq(quotes.id, quote.id))
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}
