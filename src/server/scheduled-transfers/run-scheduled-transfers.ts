import { and, asc, eq, isNull, lt, lte, ne, or } from 'drizzle-orm'
import { readPinStatus } from '#server/account-safety/transaction-pin.ts'
import type { Database, DbTransaction } from '#server/db/client.ts'
import { currencies, scheduledTransferRuns, scheduledTransfers } from '#server/db/schema.ts'
import { type OutboxEvent, recordEvent, recordEvents } from '#server/outbox/record-event.ts'
import { saveIntoPocket } from '#server/pockets/move-pocket-money.ts'
import { findOwnPocket } from '#server/pockets/pocket-responses.ts'
import type { BankProvider } from '#server/providers/bank-provider.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { runEvery } from '#server/run-every.ts'
import { loadUserNames } from '#server/transactions/party-names.ts'
import { sendToBank } from '#server/transfers/send-to-bank.ts'
import { sendToUser } from '#server/transfers/send-to-user.ts'
import { AppError, type AppErrorCode, msg } from '#shared/errors.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { occurrenceAfter, RETRY_HOUR_LAGOS, RUN_HOUR_LAGOS } from '#shared/schedule-dates.ts'
import {
  ruleOf,
  type ScheduleRow,
  scheduleAmount,
  toScheduleResponses,
} from './schedule-responses.ts'

/** Occurrences one pass runs, one transaction each, before it lets the next pass go on. */
const RUN_BATCH = 20
const REMIND_BATCH = 100
/** A run that met a passing trouble (a provider or the database away) is tried again after this. */
const TRANSIENT_RETRY_MS = 5 * 60 * 1000
/** Refusals that say nothing about the transfer itself: it is tried again, not marked failed. */
const TRANSIENT_CODES: ReadonlySet<AppErrorCode> = new Set([
  'PROVIDER_UNAVAILABLE',
  'UNAVAILABLE',
  'NOT_AVAILABLE',
  'INTERNAL',
  'RATE_LIMITED',
])

export type ScheduleRunnerLog = { error(object: object, message: string): void }
export type ScheduleRunnerOptions = {
  /** Only this user's schedules (the sandbox's "run my schedules as of"). */
  userId?: string | undefined
  log?: ScheduleRunnerLog | undefined
}
export type ScheduleRunnerResult = {
  completed: number
  skipped: number
  failed: number
  deferred: number
  reminded: number
}
type Outcome = 'completed' | 'skipped' | 'failed' | 'deferred'

/** The event fields every message about a schedule carries: what, how much, to whom. */
async function aboutSchedule(tx: DbTransaction, schedule: ScheduleRow) {
  const [currency] = await tx
    .select({ symbol: currencies.symbol })
    .from(currencies)
    .where(eq(currencies.code, schedule.asset))
  const payee = schedule.recipientUserId
    ? ((await loadUserNames(tx, [schedule.recipientUserId])).get(schedule.recipientUserId) ?? '')
    : schedule.pocketId
      ? ((await toScheduleResponses(tx, [schedule]))[0]?.payeeName ?? '')
      : (schedule.accountName ?? '')
  return {
    scheduleId: schedule.id,
    amount: scheduleAmount(schedule),
    currency: schedule.asset,
    symbol: currency?.symbol ?? schedule.asset,
    payee: payee.slice(0, 120),
  }
}

/** The day after which a schedule's next occurrence is looked for, once `runDate` is done. */
function advanced(schedule: ScheduleRow, runDate: string, now: Date): Partial<ScheduleRow> {
  const today = lagosDay(now)
  // Occurrences that fell while the server was down run once, together: the next is after today.
  const next = occurrenceAfter(ruleOf(schedule), runDate > today ? runDate : today)
  if (next === null)
    return { status: 'ended', nextRunDate: null, nextAttemptAt: null, updatedAt: now }
  return { nextRunDate: next, nextAttemptAt: lagosMoment(next, RUN_HOUR_LAGOS), updatedAt: now }
}

/** Sends the occurrence as the user would by hand; the caller's savepoint undoes it if refused. */
async function sendOccurrence(
  tx: DbTransaction,
  schedule: ScheduleRow,
  bank: BankProvider | undefined,
): Promise<string> {
  // The PIN authorised the schedule; a PIN locked since (someone guessing it) stops it too.
  const pin = await readPinStatus(tx, schedule.userId)
  if (pin.lockedUntil) throw new AppError('PIN_LOCKED', msg('scheduledPinLocked'))
  const common = {
    fromWalletId: schedule.fromWalletId,
    amount: scheduleAmount(schedule),
    description: schedule.description,
  }
  if (schedule.kind === 'pocket' && schedule.pocketId) {
    const pocket = await findOwnPocket(tx, schedule.userId, schedule.pocketId)
    return (await saveIntoPocket(tx, pocket, schedule.amountMinor, 'autoSave')).id
  }
  if (schedule.kind === 'sabi' && schedule.recipientUserId) {
    const sent = await sendToUser(tx, schedule.userId, {
      ...common,
      recipientUserId: schedule.recipientUserId,
    })
    return sent.id
  }
  if (!schedule.bankCode || !schedule.accountNumber || !schedule.accountName)
    throw new Error(`schedule ${schedule.id} pays no bank account`)
  const sent = await sendToBank(
    tx,
    schedule.userId,
    {
      ...common,
      bankCode: schedule.bankCode,
      accountNumber: schedule.accountNumber,
      accountName: schedule.accountName,
    },
    requireProvider(bank, msg('bankTransfersNotAvailable')),
  )
  return sent.id
}

async function recordRun(
  tx: DbTransaction,
  schedule: ScheduleRow,
  runDate: string,
  run: {
    status: 'completed' | 'skipped' | 'failed'
    attempts: number
    journalId?: string
    error?: AppError
  },
  now: Date,
) {
  const values = {
    status: run.status,
    attempts: run.attempts,
    journalId: run.journalId ?? null,
    failureCode: run.error?.code ?? null,
    failureReason: run.error?.message.slice(0, 300) ?? null,
    updatedAt: now,
  }
  await tx
    .insert(scheduledTransferRuns)
    .values({ scheduleId: schedule.id, runDate, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [scheduledTransferRuns.scheduleId, scheduledTransferRuns.runDate],
      set: values,
    })
}

/**
 * Runs one due occurrence of a schedule whose row the caller holds locked. The occurrence's run
 * row (unique per schedule and date) and the transfer's journal are written in this one
 * transaction, so across restarts, instances and a database that goes away mid-way, each
 * occurrence moves money at most once, and the next pass finishes whatever did not commit.
 */
async function runOccurrence(
  tx: DbTransaction,
  schedule: ScheduleRow,
  bank: BankProvider | undefined,
  now: Date,
  log: ScheduleRunnerLog | undefined,
): Promise<Outcome> {
  const runDate = schedule.nextRunDate
  if (!runDate) {
    await tx
      .update(scheduledTransfers)
      .set({ status: 'ended', nextAttemptAt: null, updatedAt: now })
      .where(eq(scheduledTransfers.id, schedule.id))
    return 'failed'
  }
  const [earlier] = await tx
    .select()
    .from(scheduledTransferRuns)
    .where(
      and(
        eq(scheduledTransferRuns.scheduleId, schedule.id),
        eq(scheduledTransferRuns.runDate, runDate),
      ),
    )
  const advance = () =>
    tx
      .update(scheduledTransfers)
      .set(advanced(schedule, runDate, now))
      .where(eq(scheduledTransfers.id, schedule.id))
  // Done already (only a schedule moved by hand could bring it back): never twice.
  if (earlier && (earlier.status !== 'skipped' || earlier.attempts >= 2)) {
    await advance()
    return earlier.status === 'completed' ? 'completed' : 'failed'
  }
  const attempts = (earlier?.attempts ?? 0) + 1
  try {
    const journalId = await tx.transaction((savepoint) => sendOccurrence(savepoint, schedule, bank))
    await recordRun(tx, schedule, runDate, { status: 'completed', attempts, journalId }, now)
    await advance()
    await recordEvent(tx, {
      userId: schedule.userId,
      data: {
        kind: 'scheduled_transfer_sent',
        ...(await aboutSchedule(tx, schedule)),
        transactionId: journalId,
      },
    })
    return 'completed'
  } catch (error) {
    const dayIsOver = now >= lagosMoment(addDays(runDate, 1), 0)
    if (!(error instanceof AppError) || TRANSIENT_CODES.has(error.code)) {
      if (!dayIsOver) {
        await tx
          .update(scheduledTransfers)
          .set({ nextAttemptAt: new Date(now.getTime() + TRANSIENT_RETRY_MS), updatedAt: now })
          .where(eq(scheduledTransfers.id, schedule.id))
        log?.error({ err: error, scheduleId: schedule.id }, 'a scheduled transfer was put off')
        return 'deferred'
      }
    }
    const refusal =
      error instanceof AppError ? error : new AppError('UNAVAILABLE', msg('scheduledNotReached'))
    if (refusal.code === 'INSUFFICIENT_FUNDS') {
      const retryAt = lagosMoment(runDate, RETRY_HOUR_LAGOS)
      const retry = attempts === 1 && now < retryAt
      await recordRun(tx, schedule, runDate, { status: 'skipped', attempts, error: refusal }, now)
      if (retry)
        await tx
          .update(scheduledTransfers)
          .set({ nextAttemptAt: retryAt, updatedAt: now })
          .where(eq(scheduledTransfers.id, schedule.id))
      else await advance()
      await recordEvent(tx, {
        userId: schedule.userId,
        data: {
          kind: 'scheduled_transfer_missed',
          ...(await aboutSchedule(tx, schedule)),
          reason: 'funds',
          retry,
        },
      })
      return 'skipped'
    }
    await recordRun(tx, schedule, runDate, { status: 'failed', attempts, error: refusal }, now)
    await advance()
    await recordEvent(tx, {
      userId: schedule.userId,
      data: {
        kind: 'scheduled_transfer_missed',
        ...(await aboutSchedule(tx, schedule)),
        reason: 'refused',
        retry: false,
      },
    })
    return 'failed'
  }
}

/**
 * Reminds each user, from 08:00 Lagos the day before, of an occurrence due tomorrow with its
 * amount, once (`reminded_for`), unless the schedule was set up today: its owner has just seen it.
 */
async function sendReminders(db: Database, now: Date, userId: string | undefined): Promise<number> {
  const today = lagosDay(now)
  if (now < lagosMoment(today, RUN_HOUR_LAGOS)) return 0
  const tomorrow = addDays(today, 1)
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(scheduledTransfers)
      .where(
        and(
          eq(scheduledTransfers.status, 'active'),
          eq(scheduledTransfers.nextRunDate, tomorrow),
          or(isNull(scheduledTransfers.remindedFor), ne(scheduledTransfers.remindedFor, tomorrow)),
          lt(scheduledTransfers.createdAt, lagosMoment(today, 0)),
          userId ? eq(scheduledTransfers.userId, userId) : undefined,
        ),
      )
      .limit(REMIND_BATCH)
      .for('update', { skipLocked: true })
    if (due.length === 0) return 0
    const events: OutboxEvent[] = []
    for (const schedule of due) {
      events.push({
        userId: schedule.userId,
        data: {
          kind: 'scheduled_transfer_reminder',
          ...(await aboutSchedule(tx, schedule)),
          date: tomorrow,
        },
      })
      await tx
        .update(scheduledTransfers)
        .set({ remindedFor: tomorrow })
        .where(eq(scheduledTransfers.id, schedule.id))
    }
    await recordEvents(tx, events)
    return due.length
  })
}

/**
 * One pass of the scheduler (docs/scheduled-transfers.md "Runs"): each due occurrence is claimed
 * with FOR UPDATE SKIP LOCKED, so several instances share the work and none runs it twice, and
 * run in its own transaction; then tomorrow's reminders go out.
 */
export async function runScheduledTransfers(
  db: Database,
  bank: BankProvider | undefined,
  now = new Date(),
  options: ScheduleRunnerOptions = {},
): Promise<ScheduleRunnerResult> {
  const result: ScheduleRunnerResult = {
    completed: 0,
    skipped: 0,
    failed: 0,
    deferred: 0,
    reminded: 0,
  }
  for (let round = 0; round < RUN_BATCH; round++) {
    const outcome = await db.transaction(async (tx) => {
      const [schedule] = await tx
        .select()
        .from(scheduledTransfers)
        .where(
          and(
            eq(scheduledTransfers.status, 'active'),
            lte(scheduledTransfers.nextAttemptAt, now),
            options.userId ? eq(scheduledTransfers.userId, options.userId) : undefined,
          ),
        )
        .orderBy(asc(scheduledTransfers.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!schedule) return undefined
      return runOccurrence(tx, schedule, bank, now, options.log)
    })
    if (outcome === undefined) break
    result[outcome] += 1
  }
  result.reminded = await sendReminders(db, now, options.userId)
  return result
}

/** Runs the scheduler now and every interval (run-every.ts), on every instance. */
export function startScheduledTransfers(
  db: Database,
  bank: BankProvider | undefined,
  log: ScheduleRunnerLog,
  intervalMs = 30_000,
): { stop(): Promise<void> } {
  return runEvery(
    () => runScheduledTransfers(db, bank, new Date(), { log }),
    intervalMs,
    (error) => log.error({ err: error }, 'scheduled transfers pass failed'),
  )
}
