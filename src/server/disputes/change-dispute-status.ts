import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { disputeEvents, disputes } from '#server/db/schema.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { AppError, msg } from '#shared/errors.ts'
import { DISPUTE_NOTE_MAX_LENGTH, type DisputeStatus } from '#shared/schemas/dispute-states.ts'

/** A customer's report as the database holds it (src/server/db/schema.ts `disputes`). */
export type DisputeRow = typeof disputes.$inferSelect

/** How far along each status is: a report only ever moves to a later one. */
const STATUS_ORDER: Record<DisputeStatus, number> = { open: 0, in_review: 1, resolved: 2 }

function orderOf(status: string): number {
  return status === 'open' || status === 'in_review' || status === 'resolved'
    ? STATUS_ORDER[status]
    : -1
}

/**
 * Moves a customer's report forward (docs/disputes.md "Statuses"), inside the caller's
 * transaction `tx`: staff's routes call it from their own, beside the audit entry and any money
 * the change goes with. open → in_review → resolved (open → resolved too); resolved is final.
 *
 * - The same status again changes nothing and answers the row as it is (a retried request, two
 *   operators at once); resolving a resolved report with another outcome is a 409, never a
 *   silent change of how it ended.
 * - A status earlier than the current one is a 409.
 * - `resolved` needs `outcome` (refunded or declined), and a declined report needs `note`, the
 *   reason the customer is told; `in_review` takes no outcome. Each is a 400 otherwise.
 * - Resolving sets `outcome` and `resolutionNote` (the note, which the customer reads). A note
 *   given with `in_review` stays on staff's side of the timeline.
 * - Each change writes a `dispute_events` row (actor `operator` with `operatorId`, or `system`
 *   without) and a `dispute_updated` notification through the outbox, so the customer hears of
 *   it on the app and every channel they have on.
 *
 * The row is locked first, so two changes of one report at once are applied one after the other.
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
  const note = input.note?.trim() || null
  if (input.status === 'in_review' && input.outcome !== undefined) {
    throw new AppError('VALIDATION_FAILED', msg('disputeOutcomeOnlyResolved'))
  }
  if (input.status === 'resolved' && input.outcome === undefined) {
    throw new AppError('VALIDATION_FAILED', msg('disputeOutcomeRequired'))
  }
  if (input.outcome === 'declined' && note === null) {
    throw new AppError('VALIDATION_FAILED', msg('disputeDeclineNeedsNote'))
  }
  if (note !== null && note.length > DISPUTE_NOTE_MAX_LENGTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      msg('disputeDetailsMostMax', { max: DISPUTE_NOTE_MAX_LENGTH }),
    )
  }

  const [current] = await tx
    .select()
    .from(disputes)
    .where(eq(disputes.id, input.disputeId))
    .for('update')
  if (!current) throw new AppError('NOT_FOUND', msg('disputeNotFound'))
  if (current.status === input.status) {
    if (current.status === 'resolved' && current.outcome !== input.outcome) {
      throw new AppError('CONFLICT', msg('disputeAlreadyResolved'))
    }
    return current
  }
  if (current.status === 'resolved') throw new AppError('CONFLICT', msg('disputeAlreadyResolved'))
  if (orderOf(input.status) < orderOf(current.status)) {
    throw new AppError('CONFLICT', msg('disputeStatusBackwards'))
  }

  const now = new Date()
  const resolved = input.status === 'resolved'
  const [changed] = await tx
    .update(disputes)
    .set({
      status: input.status,
      ...(resolved ? { outcome: input.outcome ?? null, resolutionNote: note } : {}),
      updatedAt: now,
    })
    .where(eq(disputes.id, current.id))
    .returning()
  if (!changed) throw new Error(`dispute ${current.id} was locked and is gone`)
  await tx.insert(disputeEvents).values({
    disputeId: current.id,
    actor: input.operatorId === null ? 'system' : 'operator',
    operatorId: input.operatorId,
    // The timeline's step: in_review, or how it ended (refunded, declined).
    kind: resolved ? (input.outcome ?? 'resolved') : input.status,
    note,
    createdAt: now,
  })
  await recordEvent(tx, {
    userId: current.userId,
    data: {
      kind: 'dispute_updated',
      disputeId: current.id,
      reference: current.reference,
      status: input.status,
      // Only how it ended reaches the customer: a review note is staff's own.
      ...(resolved && input.outcome ? { outcome: input.outcome } : {}),
      ...(resolved && note !== null ? { note } : {}),
    },
  })
  return changed
}
