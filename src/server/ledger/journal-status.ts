import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { journals, transactionEvents } from '#server/db/schema.ts'

export type JournalStatus = 'pending' | 'completed' | 'failed' | 'held' | 'reversed'

/**
 * Moves a journal's header to a new status and records it on the transaction's timeline. Only
 * the header changes: the postings of a settlement or a reversal are journals of their own.
 */
export async function setJournalStatus(
  db: Queryable,
  journalId: string,
  status: JournalStatus,
  message: string,
): Promise<void> {
  await db.update(journals).set({ status, updatedAt: new Date() }).where(eq(journals.id, journalId))
  await recordTransactionEvent(db, journalId, status, message)
}

export async function recordTransactionEvent(
  db: Queryable,
  journalId: string,
  status: JournalStatus | 'submitted',
  message: string,
): Promise<void> {
  await db.insert(transactionEvents).values({ journalId, status, message: message.slice(0, 200) })
}
