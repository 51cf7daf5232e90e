import type { DbTransaction } from '#server/db/client.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { type JournalRow, postJournal } from '#server/ledger/post-journal.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import type { PocketMoveRequest } from '#shared/schemas/pockets.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { findOwnPocket, isPocketLocked, type PocketRow, pocketAsset } from './pocket-responses.ts'

/** How money came into a pocket: by hand, a payment's round-up, or a scheduled auto-save. */
export type SavingMove = 'deposit' | 'roundUp' | 'autoSave'

/**
 * Moves money from the pocket's wallet into the pocket, inside the caller's transaction: one
 * journal between two accounts of the same person, free, counted against no limit (nothing
 * leaves them) and allowed while the account is frozen or cooling off. Not enough money in the
 * wallet is INSUFFICIENT_FUNDS, in the wallet's words.
 */
export async function saveIntoPocket(
  tx: DbTransaction,
  pocket: PocketRow,
  amountMinor: bigint,
  move: SavingMove,
): Promise<JournalRow> {
  const wallet = await findOwnWallet(tx, pocket.userId, pocket.walletId)
  const asset = pocketAsset(pocket)
  try {
    return await postJournal(
      tx,
      {
        type: 'saving',
        status: 'completed',
        asset,
        amountMinor,
        // Only `toUserId`: money that stays the user's is no payment from them (docs/pockets.md).
        toUserId: pocket.userId,
        fromWalletId: wallet.id,
        description: englishDescription({ kind: 'pocket', move, pocket: pocket.name }),
      },
      [
        { accountId: wallet.accountId, asset, amountMinor: -amountMinor },
        { accountId: pocket.accountId, asset, amountMinor },
      ],
    )
  } catch (error) {
    throw explainInsufficientFunds(error, asset, wallet.symbol)
  }
}

/** POST /api/pockets/:id/deposit: money from the wallet into the pocket, at once and free. */
export async function depositIntoPocket(
  tx: DbTransaction,
  userId: string,
  pocketId: string,
  input: PocketMoveRequest,
): Promise<Transaction> {
  const pocket = await findOwnPocket(tx, userId, pocketId)
  const amount = parseAmountOrThrow(input.amount, pocketAsset(pocket))
  const journal = await saveIntoPocket(tx, pocket, amount.amountMinor, 'deposit')
  const wallet = await findOwnWallet(tx, userId, pocket.walletId)
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}

/**
 * POST /api/pockets/:id/withdraw: money from the pocket back into its wallet, refused with
 * POCKET_LOCKED (and the day) while a lock holds, and INSUFFICIENT_FUNDS beyond what it holds.
 */
export async function withdrawFromPocket(
  tx: DbTransaction,
  userId: string,
  pocketId: string,
  input: PocketMoveRequest,
  now = new Date(),
): Promise<Transaction> {
  const pocket = await findOwnPocket(tx, userId, pocketId)
  const asset = pocketAsset(pocket)
  const amount = parseAmountOrThrow(input.amount, asset)
  if (isPocketLocked(pocket, now) && pocket.lockedUntil)
    throw new AppError(
      'POCKET_LOCKED',
      msg('pocketLocked', { date: pocket.lockedUntil }),
      undefined,
      {
        lockedUntil: pocket.lockedUntil,
      },
    )
  const wallet = await findOwnWallet(tx, userId, pocket.walletId)
  try {
    const journal = await postJournal(
      tx,
      {
        type: 'saving_withdrawal',
        status: 'completed',
        asset,
        amountMinor: amount.amountMinor,
        toUserId: userId,
        toWalletId: wallet.id,
        description: englishDescription({
          kind: 'pocket',
          move: 'withdrawal',
          pocket: pocket.name,
        }),
      },
      [
        { accountId: pocket.accountId, asset, amountMinor: -amount.amountMinor },
        { accountId: wallet.accountId, asset, amountMinor: amount.amountMinor },
      ],
    )
    return toTransactionResponse(journal, userId, () => wallet.symbol)
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
      throw new AppError('INSUFFICIENT_FUNDS', msg('pocketShort', { pocket: pocket.name }))
    throw error
  }
}
