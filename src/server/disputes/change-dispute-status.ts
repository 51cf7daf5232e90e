import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { disputeEvents, disputes } from '#server/db/schema.ts'

export type DisputeRow = typeof disputes.$inferSelect

const ORDER = { open: 0, in_review: 1, resolved: 2 } as const

/**
 * Moves a dispute forward (open → in review → resolved), with a timeline entry. Stand-in until
 * the customer side's version lands, with the same signature.
 */
export async function changeDisputeStatus(
  tx: Queryable,
  input: {
    disputeId: string
    status: 'in_review' | 'resolved'
    outcome?: 'refunded' | 'declined'
    note?: string
    operatorId: string | null
  },
): Promise<DisputeRow> {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(eq(disputes.id, input.disputeId))
    .for('update')
  if (!row) throw new Error(`no dispute ${input.disputeId}`)
  const current = row.status === 'open' || row.status === 'in_review' ? row.status : 'resolved'
  if (ORDER[input.status] <= ORDER[current]) return row
  const [updated] = await tx
    .update(disputes)
    .set({
      status: input.status,
      outcome: input.status === 'resolved' ? (input.outcome ?? 'declined') : null,
      resolutionNote: input.status === 'resolved' ? (input.note ?? null) : null,
      updatedAt: new Date(),
    })
    .where(eq(disputes.id, input.disputeId))
    .returning()
  await tx.insert(disputeEvents).values({
    disputeId: input.disputeId,
    actor: input.operatorId ? 'operator' : 'system',
    operatorId: input.operatorId,
    kind: input.status === 'resolved' ? (input.outcome ?? 'declined') : 'in_review',
    note: input.note ?? null,
  })
  return updated ?? row
}
