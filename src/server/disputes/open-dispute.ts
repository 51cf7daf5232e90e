import { and, eq, ne, or } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { disputeEvents, disputes, journals } from '#server/db/schema.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { OpenDisputeRequest, OpenedDispute } from '#shared/schemas/disputes.ts'
import { newDisputeReference } from './dispute-reference.ts'

/** References drawn before giving up: a second draw is one in a trillion, a third never. */
const REFERENCE_ATTEMPTS = 3

/**
 * A customer reports a problem with one of their transactions (docs/disputes.md): only its own
 * parties may (its sender or its recipient; anyone else hears "not found", as for any transaction
 * that is not theirs), and a transaction has one report open at a time, whoever opened it (409
 * after). The report, its first timeline step and the "report received" notification commit
 * together.
 *
 * Two reports sent at once are decided by the partial unique index on the open report of a
 * journal: the insert does nothing rather than fail, so the transaction stays usable; the second
 * waits for the first to commit and then reads it, and is told a report is open already.
 */
export async function openDispute(
  db: Database,
  userId: string,
  journalId: string,
  input: OpenDisputeRequest,
): Promise<OpenedDispute> {
  const details = input.details ?? ''
  return db.transaction(async (tx) => {
    const [journal] = await tx
      .select({ id: journals.id })
      .from(journals)
      .where(
        and(
          eq(journals.id, journalId),
          or(eq(journals.fromUserId, userId), eq(journals.toUserId, userId)),
        ),
      )
      .limit(1)
    if (!journal) throw new AppError('NOT_FOUND', msg('transactionNotFound'))

    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
      const [opened] = await tx
        .insert(disputes)
        .values({
          reference: newDisputeReference(),
          userId,
          journalId: journal.id,
          reason: input.reason,
          details,
        })
        .onConflictDoNothing()
        .returning({ id: disputes.id, reference: disputes.reference })
      if (opened) {
        await tx.insert(disputeEvents).values({
          disputeId: opened.id,
          actor: 'customer',
          kind: 'opened',
          note: details === '' ? null : details,
        })
        await recordEvent(tx, {
          userId,
          data: { kind: 'dispute_opened', disputeId: opened.id, reference: opened.reference },
        })
        return { id: opened.id, reference: opened.reference, status: 'open' }
      }
      // Nothing written: the transaction has a report open (another's insert may have just
      // committed; this statement sees it), or the reference was drawn before. Only the first is
      // the customer's business.
      const [open] = await tx
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.journalId, journal.id), ne(disputes.status, 'resolved')))
        .limit(1)
      if (open) throw new AppError('CONFLICT', msg('disputeAlreadyOpen'))
    }
    throw new Error('no unused dispute reference after several draws')
  })
}
