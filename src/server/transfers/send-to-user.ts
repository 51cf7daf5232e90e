import { and, eq, isNull } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import { users, wallets } from '#server/db/schema.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { findOrOpenWallet } from '#server/wallets/open-wallet.ts'
import { AppError } from '#shared/errors.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import type { SendToUserRequest } from '#shared/schemas/money-requests.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

/**
 * A free, instant transfer to another Sabi user (docs/transfers.md "Sabi transfers"): the
 * recipient's wallet in the same currency receives the amount, opened for them if they have
 * none. One journal, two postings, completed at once.
 */
export async function sendToUser(
  tx: Transaction,
  senderId: string,
  input: SendToUserRequest,
): Promise<TransactionResponse> {
  const from = await findOwnWallet(tx, senderId, input.fromWalletId)
  const amount = parseAmountOrThrow(input.amount, from.asset)
  if (input.recipientUserId === senderId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot send money to yourself', [
      { path: 'recipientUserId', message: 'You cannot send money to yourself' },
    ])
  }
  // The recipient and their wallet in this currency, if any, in one read.
  const [recipient] = await tx
    .select({ id: users.id, wallet: wallets })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.currencyId, from.currencyId)))
    // A deactivated account receives nothing: it could never spend it.
    .where(and(eq(users.id, input.recipientUserId), isNull(users.deactivatedAt)))
    .limit(1)
  if (!recipient) throw new AppError('NOT_FOUND', 'Recipient not found')
  const to = await findOrOpenWallet(tx, recipient.id, from.currencyId, recipient.wallet)

  try {
    const journal = await postJournal(
      tx,
      {
        type: 'send',
        status: 'completed',
        asset: from.asset,
        amountMinor: amount.amountMinor,
        fromUserId: senderId,
        toUserId: recipient.id,
        fromWalletId: from.id,
        toWalletId: to.id,
        description: input.description || null,
      },
      [
        { accountId: from.accountId, asset: from.asset, amountMinor: -amount.amountMinor },
        { accountId: to.accountId, asset: from.asset, amountMinor: amount.amountMinor },
      ],
    )
    return toTransactionResponse(journal, senderId, () => from.symbol)
  } catch (error) {
    throw explainInsufficientFunds(error, from.asset, from.symbol)
  }
}
