import { eq } from 'drizzle-orm'
import type { Database, DbTransaction } from '#server/db/client.ts'
import { payouts, wallets } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { setJournalStatus } from '#server/ledger/journal-status.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { moneyFieldsOf } from '#server/outbox/money-event-fields.ts'
import { payoutEventFields } from '#server/outbox/payout-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import type { PayoutReceipt } from '#server/providers/payout-provider.ts'
import {
  type RecipientDraft,
  recipientDraftSchema,
  saveRecipient,
} from '#server/recipients/save-recipient.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import { failedStepMessage, TIMELINE_STEPS } from '#server/transactions/timeline-steps.ts'
import { isAssetCode } from '#shared/money.ts'
import { inFlightRoleOf, isPayoutKind } from './payout-kinds.ts'

export type PayoutOutcome =
  | { status: 'completed'; receipt?: PayoutReceipt }
  | { status: 'failed'; reason: string }
  | { status: 'reversed'; reason: string }

function recipientIn(details: unknown): RecipientDraft | undefined {
  if (typeof details !== 'object' || details === null || !('recipient' in details)) return undefined
  const parsed = recipientDraftSchema.safeParse(details.recipient)
  return parsed.success ? parsed.data : undefined
}

/**
 * The second phase: a provider's final result for a payout, applied exactly once. The payout
 * row is locked first, so two deliveries of the same result (a retried webhook, the worker and
 * a webhook together) queue up, and the second finds it already final and changes nothing.
 * Completed: the money leaves "payouts in flight" for good. Failed (or reversed before it was
 * paid): a reversing journal gives the amount and the fee back to the wallet. Reversed after it
 * was paid: the bank took it back, so a reversing journal brings it back from "external
 * settlement" (docs/ledger.md "Two-phase payouts"). The states only move forward, so results
 * arriving late or out of order change nothing. Returns whether this call changed anything.
 */
export async function settlePayout(
  db: Database,
  payoutId: string,
  outcome: PayoutOutcome,
): Promise<boolean> {
  return db.transaction((tx) => settlePayoutIn(tx, payoutId, outcome))
}

/**
 * settlePayout inside a transaction the caller holds, for a caller whose own change must commit
 * with the payout's or not at all (an operator's approved failure: src/server/ops/money-proposals.ts).
 */
export async function settlePayoutIn(
  tx: DbTransaction,
  payoutId: string,
  outcome: PayoutOutcome,
): Promise<boolean> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
  if (!payout || payout.status === 'failed' || payout.status === 'reversed') return false
  if (payout.status === 'completed' && outcome.status !== 'reversed') return false
  const { asset, kind } = payout
  if (!isAssetCode(asset)) throw new Error(`payout ${payout.id} has unknown asset ${asset}`)
  if (!isPayoutKind(kind)) throw new Error(`payout ${payout.id} has unknown kind ${kind}`)
  const inFlight = await systemAccountId(tx, inFlightRoleOf(kind), asset)

  if (outcome.status === 'completed') {
    await postJournal(
      tx,
      {
        type: 'settlement',
        status: 'completed',
        asset,
        amountMinor: payout.amountMinor,
        description: `Payout ${payout.id} settled`,
      },
      [
        { accountId: inFlight, asset, amountMinor: -payout.amountMinor },
        {
          accountId: await systemAccountId(tx, 'external_settlement', asset),
          asset,
          amountMinor: payout.amountMinor,
        },
      ],
    )
    await tx
      .update(payouts)
      .set({ status: 'completed', result: outcome.receipt ?? null, updatedAt: new Date() })
      .where(eq(payouts.id, payout.id))
    await setJournalStatus(tx, payout.journalId, 'completed', TIMELINE_STEPS.delivered)
    // Saved only if the user keeps "auto-save recipients" on (Settings).
    const recipient = recipientIn(payout.details)
    if (recipient && (await readSettings(tx, payout.userId)).autoSaveRecipients) {
      await saveRecipient(tx, payout.userId, recipient)
    }
    // Announced in the settling transaction: a result applied twice is announced once.
    await recordEvent(tx, {
      userId: payout.userId,
      data: {
        kind: 'payout_completed',
        ...(await moneyFieldsOf(tx, payout.amountMinor, asset)),
        ...payoutEventFields(payout.kind, payout.details),
        // A meter's token is what the user needs next, wherever they read the message.
        ...(payout.kind === 'bill' && outcome.receipt?.token
          ? { token: outcome.receipt.token.slice(0, 40) }
          : {}),
        transactionId: payout.journalId,
      },
    })
    return true
  }

  const [wallet] = await tx
    .select({ accountId: wallets.accountId })
    .from(wallets)
    .where(eq(wallets.id, payout.walletId))
  if (!wallet) throw new Error(`payout ${payout.id} has no wallet`)
  // Paid and then taken back by the bank: the money returns from where settling sent it.
  const afterPaid = payout.status === 'completed'
  const returnedFrom = afterPaid
    ? await systemAccountId(tx, 'external_settlement', asset)
    : inFlight
  const lines = [
    { accountId: returnedFrom, asset, amountMinor: -payout.amountMinor },
    { accountId: wallet.accountId, asset, amountMinor: payout.amountMinor + payout.feeMinor },
  ]
  if (payout.feeMinor > 0n) {
    lines.push({
      accountId: await systemAccountId(tx, 'fees', asset),
      asset,
      amountMinor: -payout.feeMinor,
    })
  }
  await postJournal(
    tx,
    {
      type: 'reversal',
      status: 'completed',
      asset,
      amountMinor: payout.amountMinor + payout.feeMinor,
      reversesJournalId: payout.journalId,
      description: `Payout ${payout.id} reversed: ${outcome.reason}`.slice(0, 200),
    },
    lines,
  )
  await tx
    .update(payouts)
    .set({
      status: outcome.status === 'reversed' ? 'reversed' : 'failed',
      failureReason: outcome.reason.slice(0, 200),
      updatedAt: new Date(),
    })
    .where(eq(payouts.id, payout.id))
  if (afterPaid) await setJournalStatus(tx, payout.journalId, 'reversed', TIMELINE_STEPS.reversed)
  else await setJournalStatus(tx, payout.journalId, 'failed', failedStepMessage(outcome.reason))
  await recordEvent(tx, {
    userId: payout.userId,
    data: {
      kind: afterPaid ? 'payout_reversed' : 'payout_failed',
      ...(await moneyFieldsOf(tx, payout.amountMinor + payout.feeMinor, asset)),
      ...payoutEventFields(payout.kind, payout.details),
      transactionId: payout.journalId,
    },
  })
  return true
}
