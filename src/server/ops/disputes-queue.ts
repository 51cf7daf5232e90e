import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { disputeEvents, disputes, journals, operators, payouts, users } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeStatus,
} from '#shared/schemas/dispute-states.ts'
import type { DisputeDetail } from '#shared/schemas/ops.ts'
import { opsTransactionOf } from './customers.ts'
import { proposalsOfDispute, proposalViews } from './money-proposals.ts'

type DisputeRow = typeof disputes.$inferSelect

function outcomeOf(value: string | null): 'refunded' | 'declined' | null {
  return value === 'refunded' || value === 'declined' ? value : null
}

async function summaries(db: Queryable, rows: DisputeRow[]) {
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
  const byJournal = new Map(journalRows.map((row) => [row.id, row]))
  const userRows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]))
  const byUser = new Map(userRows.map((row) => [row.id, row]))
  return rows.flatMap((row) => {
    const journal = byJournal.get(row.journalId)
    const user = byUser.get(row.userId)
    const status = DISPUTE_STATUSES.find((each) => each === row.status)
    const reason = DISPUTE_REASONS.find((each) => each === row.reason)
    if (!journal || !user || !status || !reason) return []
    return [
      {
        id: row.id,
        reference: row.reference,
        reason,
        details: row.details,
        status,
        outcome: outcomeOf(row.outcome),
        resolutionNote: row.resolutionNote,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        customer: {
          id: user.id,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
          email: user.email,
        },
        transaction: opsTransactionOf(journal, row.userId),
      },
    ]
  })
}

/** The dispute queue (support's work), oldest first within a status, or every status. */
export async function listDisputeQueue(db: Queryable, status: DisputeStatus | undefined) {
  const rows = await db
    .select()
    .from(disputes)
    .where(status ? eq(disputes.status, status) : undefined)
    .orderBy(status === 'resolved' ? desc(disputes.updatedAt) : asc(disputes.createdAt))
    .limit(200)
  return summaries(db, rows)
}

export async function findDisputeOrThrow(db: Queryable, id: string): Promise<DisputeRow> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', msg('opsDisputeNotFound'))
  return row
}

/** A dispute with its transaction, the payout behind it, its timeline and its proposals. */
export async function readDisputeDetail(db: Queryable, id: string): Promise<DisputeDetail> {
  const row = await findDisputeOrThrow(db, id)
  const [summary] = await summaries(db, [row])
  if (!summary) throw new AppError('NOT_FOUND', msg('opsDisputeNotFound'))
  const [payout] = await db.select().from(payouts).where(eq(payouts.journalId, row.journalId))
  const events = await db
    .select({
      actor: disputeEvents.actor,
      operator: operators.email,
      kind: disputeEvents.kind,
      note: disputeEvents.note,
      createdAt: disputeEvents.createdAt,
    })
    .from(disputeEvents)
    .leftJoin(operators, eq(operators.id, disputeEvents.operatorId))
    .where(eq(disputeEvents.disputeId, id))
    .orderBy(asc(disputeEvents.createdAt))
  return {
    dispute: summary,
    payout: payout
      ? {
          id: payout.id,
          kind: payout.kind,
          provider: payout.provider,
          status: payout.status,
          details: stringFieldsOf(payout.details),
        }
      : null,
    timeline: events.map((event) => ({
      actor: event.actor === 'customer' || event.actor === 'operator' ? event.actor : 'system',
      operator: event.operator,
      kind: event.kind,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
    proposals: await proposalViews(db, await proposalsOfDispute(db, id)),
  }
}
