import { inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Queryable } from '#server/db/client.ts'
import { type disputes, journals } from '#server/db/schema.ts'
import { toTransactionResponses } from '#server/transactions/transaction-responses.ts'
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
} from '#shared/schemas/dispute-states.ts'
import type { Dispute } from '#shared/schemas/disputes.ts'

/** A report as the database holds it. */
type StoredDispute = typeof disputes.$inferSelect

// The columns are plain text under CHECK constraints; read back, they are narrowed by the same
// lists the constraints name, so a value the code does not know fails loudly here.
const reasonSchema = z.enum(DISPUTE_REASONS)
const statusSchema = z.enum(DISPUTE_STATUSES)
const outcomeSchema = z.enum(DISPUTE_OUTCOMES).nullable()

/**
 * Reports as their customer sees them, each with its transaction as the history shows it: the
 * journals, and what a history row needs of them, read for all the reports at once.
 */
export async function toDisputeResponses(
  db: Queryable,
  userId: string,
  rows: readonly StoredDispute[],
): Promise<Dispute[]> {
  if (rows.length === 0) return []
  const journalRows = await db
    .select()
    .from(journals)
    .where(
      inArray(
        journals.id,
        rows.map((row) => row.journalId),
      ),
    )
  const transactions = new Map(
    (await toTransactionResponses(db, userId, journalRows)).map((transaction) => [
      transaction.id,
      transaction,
    ]),
  )
  return rows.map((row) => {
    const transaction = transactions.get(row.journalId)
    // The journal is the report's by a foreign key, and journals are never deleted.
    if (!transaction) throw new Error(`the journal of dispute ${row.id} is missing`)
    return {
      id: row.id,
      reference: row.reference,
      transactionId: row.journalId,
      transactionReference: transaction.reference,
      reason: reasonSchema.parse(row.reason),
      details: row.details,
      status: statusSchema.parse(row.status),
      outcome: outcomeSchema.parse(row.outcome),
      resolutionNote: row.resolutionNote,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      transaction,
    }
  })
}
