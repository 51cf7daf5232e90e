import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { disputeEvents, disputes } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  DISPUTE_TIMELINE_KINDS,
  type DisputeDetails,
  type DisputeTimelineKind,
} from '#shared/schemas/disputes.ts'
import { toDisputeResponses } from './dispute-responses.ts'

function isTimelineKind(kind: string): kind is DisputeTimelineKind {
  return DISPUTE_TIMELINE_KINDS.some((known) => known === kind)
}

/**
 * Whose words a step shows the customer: their own when they opened the report, and how it was
 * resolved; a note staff added while reviewing is theirs (docs/disputes.md "Timeline").
 */
function customerNoteOf(kind: DisputeTimelineKind, note: string | null): string | null {
  return kind === 'in_review' ? null : note
}

/** One of the customer's reports with its timeline, oldest step first; anyone else's is "not found". */
export async function getDispute(
  db: Queryable,
  userId: string,
  disputeId: string,
): Promise<DisputeDetails> {
  const rows = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.userId, userId)))
    .limit(1)
  const [dispute] = await toDisputeResponses(db, userId, rows)
  if (!dispute) throw new AppError('NOT_FOUND', msg('disputeNotFound'))
  const events = await db
    .select({
      kind: disputeEvents.kind,
      note: disputeEvents.note,
      createdAt: disputeEvents.createdAt,
    })
    .from(disputeEvents)
    .where(
      and(
        eq(disputeEvents.disputeId, dispute.id),
        inArray(disputeEvents.kind, [...DISPUTE_TIMELINE_KINDS]),
      ),
    )
    .orderBy(asc(disputeEvents.createdAt), asc(disputeEvents.id))
  return {
    ...dispute,
    events: events.flatMap((event) =>
      isTimelineKind(event.kind)
        ? [
            {
              kind: event.kind,
              note: customerNoteOf(event.kind, event.note),
              createdAt: event.createdAt.toISOString(),
            },
          ]
        : [],
    ),
  }
}
