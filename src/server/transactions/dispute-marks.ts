import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { disputes } from '#server/db/schema.ts'
import { type DisputeMark, disputeMarkSchema } from '#shared/schemas/dispute-states.ts'

/**
 * The viewer's own latest report on each of some transactions (docs/disputes.md "In the
 * history"), for the "Reported" badge of a page of history: one statement per page, whatever its
 * length, never one per row. Reports of the other party are theirs and are not shown.
 */
export async function loadDisputeMarks(
  db: Queryable,
  viewerId: string,
  journalIds: readonly string[],
): Promise<Map<string, DisputeMark>> {
  if (journalIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([disputes.journalId], {
      journalId: disputes.journalId,
      id: disputes.id,
      reference: disputes.reference,
      status: disputes.status,
      outcome: disputes.outcome,
    })
    .from(disputes)
    .where(and(eq(disputes.userId, viewerId), inArray(disputes.journalId, [...journalIds])))
    .orderBy(disputes.journalId, desc(disputes.createdAt), desc(disputes.id))
  return new Map(
    rows.map(({ journalId, ...mark }) => [journalId, disputeMarkSchema.parse(mark)] as const),
  )
}
