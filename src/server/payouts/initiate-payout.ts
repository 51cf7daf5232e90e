import type { DbTransaction } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { recordTransactionEvent } from '#server/ledger/journal-status.ts'
import { type JournalRow, postJournal } from '#server/ledger/post-journal.ts'
import type { RecipientDraft } from '#server/recipients/save-recipient.ts'
import { TIMELINE_STEPS } from '#server/transactions/timeline-steps.ts'
import type { OwnWallet } from '#server/wallets/find-own-wallet.ts'
import type { Money } from '#shared/money.ts'
import { inFlightRoleOf, type PayoutKind } from './payout-kinds.ts'

/**
 * The first phase of money leaving Sabi (docs/ledger.md "Two-phase payouts"): amount and fee leave
 * the wallet at once, the amount into "payouts in flight" and the fee to the house, and a pending
 * payout is queued for the worker. The journal stays `pending` until the provider's result settles
 * or reverses it.
 */
export async function initiatePayout(
  tx: DbTransaction,
  input: {
    userId: string
    wallet: OwnWallet
    amount: Money
    fee: Money
    kind: PayoutKind
    provider: string
    details: Record<string, unknown>
    /** Saved to the user's recipients once the payout settles (docs/transfers.md). */
    recipient?: RecipientDraft
    description: string
    type?: string
  },
): Promise<JournalRow> {
  const { wallet, amount, fee } = input
  const lines = [
    {
      accountId: wallet.accountId,
      asset: wallet.asset,
      amountMinor: -(amount.amountMinor + fee.amountMinor),
    },
    {
      accountId: await systemAccountId(tx, inFlightRoleOf(input.kind), wallet.asset),
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
    },
  ]
  if (fee.amountMinor > 0n) {
    lines.push({
      accountId: await systemAccountId(tx, 'fees', wallet.asset),
      asset: wallet.asset,
      amountMinor: fee.amountMinor,
    })
  }
  try {
    const journal = await postJournal(
      tx,
      {
        type: input.type ?? 'send',
        status: 'pending',
        asset: wallet.asset,
        amountMinor: amount.amountMinor,
        feeMinor: fee.amountMinor,
        fromUserId: input.userId,
        fromWalletId: wallet.id,
        description: input.description,
      },
      lines,
    )
    await tx.insert(payouts).values({
      journalId: journal.id,
      userId: input.userId,
      walletId: wallet.id,
      kind: input.kind,
      provider: input.provider,
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      feeMinor: fee.amountMinor,
      details: input.recipient ? { ...input.details, recipient: input.recipient } : input.details,
    })
    await recordTransactionEvent(tx, journal.id, 'pending', TIMELINE_STEPS.initiated)
    return journal
  } catch (error) {
    throw explainInsufficientFunds(error, wallet.asset, wallet.symbol)
  }
}
