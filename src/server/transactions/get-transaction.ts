import { and, asc, eq, or } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import {
  journals,
  payouts,
  scheduledTransferRuns,
  scheduledTransfers,
  transactionEvents,
} from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { loadDisputeMarks } from './dispute-marks.ts'
import { counterpartyOf, loadUserNames, partyNamesOf } from './party-names.ts'
import { stepOfMessage, TIMELINE_STEPS } from './timeline-steps.ts'
import { toTransactionResponse } from './to-transaction-response.ts'

/** One of the user's transactions with its timeline; anyone else's is "not found". */
/**
 * A payout's details as its receipt shows them: what the user gave and the bank or biller said,
 * not the codes Sabi pays it by (`bankType`, docs/paystack.md "Payouts"; a bill's `itemId` and
 * `providerBiller`, docs/flutterwave.md "Payments"): the package's name says what was bought.
 */
function shownDetailsOf(details: unknown): Record<string, string> {
  const {
    bankType: _rail,
    itemId: _item,
    providerBiller: _billerCode,
    ...shown
  } = stringFieldsOf(details)
  return shown
}

export async function getTransaction(
  db: Queryable,
  userId: string,
  id: string,
): Promise<TransactionDetails> {
  const [journal] = await db
    .select()
    .from(journals)
    .where(
      and(eq(journals.id, id), or(eq(journals.fromUserId, userId), eq(journals.toUserId, userId))),
    )
    .limit(1)
  if (!journal) throw new AppError('NOT_FOUND', msg('transactionNotFound'))
  const events = await db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.journalId, journal.id))
    .orderBy(asc(transactionEvents.id))
  const [payout] = await db.select().from(payouts).where(eq(payouts.journalId, journal.id))
  const symbolOf = await loadAssetSymbols(db, [
    journal.asset,
    ...(journal.convertedAsset ? [journal.convertedAsset] : []),
  ])
  // The payout is read already: only the names are still needed.
  const names = await loadUserNames(db, [journal.fromUserId, journal.toUserId])
  const marks = await loadDisputeMarks(db, userId, [journal.id])
  const [scheduled] = await db
    .select({ id: scheduledTransfers.id })
    .from(scheduledTransferRuns)
    .innerJoin(scheduledTransfers, eq(scheduledTransfers.id, scheduledTransferRuns.scheduleId))
    .where(
      and(eq(scheduledTransferRuns.journalId, journal.id), eq(scheduledTransfers.userId, userId)),
    )
  const payoutSummary = payout
    ? { kind: payout.kind, details: stringFieldsOf(payout.details) }
    : null
  const parties = partyNamesOf(journal, names, payoutSummary)
  return {
    ...toTransactionResponse(journal, userId, symbolOf, payoutSummary),
    counterparty: counterpartyOf(journal, userId, names, payoutSummary),
    dispute: marks.get(journal.id) ?? null,
    scheduledTransferId: scheduled?.id ?? null,
    sender: parties.payer,
    recipient: parties.payee,
    // Instant transfers have no recorded steps: their one step is the moment they happened.
    events:
      events.length > 0
        ? events.map((event) => ({
            status: event.status,
            message: event.message,
            ...stepOfMessage(event.message),
            createdAt: event.createdAt.toISOString(),
          }))
        : [
            {
              status: journal.status,
              message: TIMELINE_STEPS.completed,
              step: 'completed' as const,
              createdAt: journal.createdAt.toISOString(),
            },
          ],
    payout: payout
      ? {
          kind: payout.kind,
          status: payout.status,
          details: shownDetailsOf(payout.details),
          receipt: stringFieldsOf(payout.result),
          failureReason: payout.failureReason,
        }
      : null,
  }
}
