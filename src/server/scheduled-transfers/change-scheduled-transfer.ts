import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Database, Queryable } from '#server/db/client.ts'
import { scheduledTransfers } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import { lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { occurrenceOnOrAfter, RUN_HOUR_LAGOS } from '#shared/schedule-dates.ts'
import type {
  ScheduledTransfer,
  ScheduledTransferDetails,
} from '#shared/schemas/scheduled-transfers.ts'
import {
  findOwnSchedule,
  ruleOf,
  type ScheduleRow,
  toScheduleDetails,
  toScheduleResponses,
} from './schedule-responses.ts'

/** The caller's schedules that are running, paused or ended, newest first. */
export async function listScheduledTransfers(
  db: Queryable,
  userId: string,
): Promise<{ items: ScheduledTransfer[] }> {
  const rows = await db
    .select()
    .from(scheduledTransfers)
    .where(
      and(
        eq(scheduledTransfers.userId, userId),
        inArray(scheduledTransfers.status, ['active', 'paused', 'ended']),
      ),
    )
    .orderBy(desc(scheduledTransfers.createdAt), desc(scheduledTransfers.id))
  return { items: await toScheduleResponses(db, rows) }
}

export async function getScheduledTransfer(
  db: Queryable,
  userId: string,
  scheduleId: string,
): Promise<ScheduledTransferDetails> {
  return toScheduleDetails(db, await findOwnSchedule(db, userId, scheduleId))
}

/** Under the schedule's row lock, so a change never crosses a run in progress. */
async function changeSchedule(
  db: Database,
  userId: string,
  scheduleId: string,
  change: (row: ScheduleRow, now: Date) => Partial<ScheduleRow>,
  now = new Date(),
): Promise<ScheduledTransferDetails> {
  return db.transaction(async (tx) => {
    const row = await findOwnSchedule(tx, userId, scheduleId, { lock: true })
    const [changed] = await tx
      .update(scheduledTransfers)
      .set({ ...change(row, now), updatedAt: now })
      .where(eq(scheduledTransfers.id, row.id))
      .returning()
    if (!changed) throw new Error('the schedule vanished under its lock')
    return toScheduleDetails(tx, changed)
  })
}

/** Stops a running schedule until it is resumed; nothing runs meanwhile. */
export function pauseScheduledTransfer(db: Database, userId: string, scheduleId: string) {
  return changeSchedule(db, userId, scheduleId, (row) => {
    if (row.status !== 'active') throw new AppError('CONFLICT', msg('scheduleNotRunning'))
    return { status: 'paused' }
  })
}

/**
 * Starts a paused schedule again from its next occurrence on or after today: the ones that fell
 * while it was paused are not made up. Today's, if its hour has passed, runs at once.
 */
export function resumeScheduledTransfer(db: Database, userId: string, scheduleId: string) {
  return changeSchedule(db, userId, scheduleId, (row, now) => {
    if (row.status !== 'paused') throw new AppError('CONFLICT', msg('scheduleNotPaused'))
    const today = lagosDay(now)
    const from = row.nextRunDate && row.nextRunDate > today ? row.nextRunDate : today
    const next = occurrenceOnOrAfter(ruleOf(row), from)
    if (next === null) return { status: 'ended', nextRunDate: null, nextAttemptAt: null }
    return {
      status: 'active',
      nextRunDate: next,
      nextAttemptAt: lagosMoment(next, RUN_HOUR_LAGOS),
    }
  })
}

/**
 * Deletes a schedule as the user sees it: nothing more runs, and it leaves their list. The row
 * stays, cancelled, because its past runs point at it from history.
 */
export async function cancelScheduledTransfer(
  db: Database,
  userId: string,
  scheduleId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findOwnSchedule(tx, userId, scheduleId, { lock: true })
    await tx
      .update(scheduledTransfers)
      .set({ status: 'cancelled', nextRunDate: null, nextAttemptAt: null, updatedAt: now })
      .where(eq(scheduledTransfers.id, row.id))
  })
}
