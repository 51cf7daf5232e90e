import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import {
  currencies,
  pockets,
  scheduledTransferRuns,
  scheduledTransfers,
  users,
} from '#server/db/schema.ts'
import { displayNameOf } from '#server/transactions/party-names.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { ScheduleFrequency, ScheduleRule } from '#shared/schedule-dates.ts'
import {
  SCHEDULE_RUNS_SHOWN,
  type ScheduledTransfer,
  type ScheduledTransferDetails,
  type ScheduledTransferRun,
} from '#shared/schemas/scheduled-transfers.ts'

export type ScheduleRow = typeof scheduledTransfers.$inferSelect

function frequencyOf(value: string): ScheduleFrequency {
  if (value === 'once' || value === 'weekly' || value === 'monthly') return value
  throw new Error(`a schedule with frequency ${value}`)
}

/** When the schedule runs, as src/shared/schedule-dates.ts reads it. */
export function ruleOf(
  row: Pick<ScheduleRow, 'frequency' | 'startDate' | 'endDate'>,
): ScheduleRule {
  return { frequency: frequencyOf(row.frequency), startDate: row.startDate, endDate: row.endDate }
}

function kindOf(value: string): ScheduledTransfer['kind'] {
  if (value === 'sabi' || value === 'bank' || value === 'pocket') return value
  throw new Error(`a schedule of kind ${value}`)
}

function visibleStatusOf(value: string): ScheduledTransfer['status'] {
  if (value === 'active' || value === 'paused' || value === 'ended') return value
  throw new Error(`a schedule shown with status ${value}`)
}

function runStatusOf(value: string): ScheduledTransferRun['status'] {
  if (value === 'completed' || value === 'skipped' || value === 'failed') return value
  throw new Error(`a scheduled run with status ${value}`)
}

/** An amount of the schedule's asset as the API writes amounts: decimal text. */
export function scheduleAmount(row: Pick<ScheduleRow, 'asset' | 'amountMinor'>): string {
  if (!isAssetCode(row.asset)) throw new Error(`a schedule in unknown asset ${row.asset}`)
  return formatMinor(row.amountMinor, exponentOf(row.asset))
}

/** The schedules as the API answers them, with whom each pays and its currency's symbol. */
export async function toScheduleResponses(
  db: Queryable,
  rows: readonly ScheduleRow[],
): Promise<ScheduledTransfer[]> {
  if (rows.length === 0) return []
  const recipientIds = [
    ...new Set(rows.flatMap((row) => (row.recipientUserId ? [row.recipientUserId] : []))),
  ]
  const recipients = new Map(
    recipientIds.length === 0
      ? []
      : (
          await db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              username: users.username,
            })
            .from(users)
            .where(inArray(users.id, recipientIds))
        ).map((user) => [user.id, user]),
  )
  const pocketIds = [...new Set(rows.flatMap((row) => (row.pocketId ? [row.pocketId] : [])))]
  const pocketNames = new Map(
    pocketIds.length === 0
      ? []
      : (
          await db
            .select({ id: pockets.id, name: pockets.name })
            .from(pockets)
            .where(inArray(pockets.id, pocketIds))
        ).map((pocket) => [pocket.id, pocket.name]),
  )
  const symbols = new Map(
    (
      await db
        .select({ code: currencies.code, symbol: currencies.symbol })
        .from(currencies)
        .where(inArray(currencies.code, [...new Set(rows.map((row) => row.asset))]))
    ).map((currency) => [currency.code, currency.symbol]),
  )
  return rows.map((row) => {
    const recipient = row.recipientUserId ? recipients.get(row.recipientUserId) : undefined
    return {
      id: row.id,
      kind: kindOf(row.kind),
      fromWalletId: row.fromWalletId,
      currency: row.asset,
      symbol: symbols.get(row.asset) ?? row.asset,
      amount: scheduleAmount(row),
      description: row.description,
      payeeName: recipient
        ? displayNameOf(recipient)
        : (row.accountName ?? (row.pocketId ? (pocketNames.get(row.pocketId) ?? '') : '')),
      payeeUsername: recipient?.username ?? null,
      recipientUserId: row.recipientUserId,
      pocketId: row.pocketId,
      bankCode: row.bankCode,
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      frequency: frequencyOf(row.frequency),
      startDate: row.startDate,
      endDate: row.endDate,
      status: visibleStatusOf(row.status),
      nextRunDate: row.nextRunDate,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      authorisedAt: row.authorisedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }
  })
}

/** The caller's schedule, not cancelled; anyone else's is "not found", like one that never was. */
export async function findOwnSchedule(
  db: Queryable,
  userId: string,
  scheduleId: string,
  options: { lock?: boolean } = {},
): Promise<ScheduleRow> {
  const query = db
    .select()
    .from(scheduledTransfers)
    .where(
      and(
        eq(scheduledTransfers.id, scheduleId),
        eq(scheduledTransfers.userId, userId),
        ne(scheduledTransfers.status, 'cancelled'),
      ),
    )
  const [row] = await (options.lock ? query.for('update') : query)
  if (!row) throw new AppError('NOT_FOUND', msg('scheduledTransferNotFound'))
  return row
}

/** One schedule with its latest runs, newest first. */
export async function toScheduleDetails(
  db: Queryable,
  row: ScheduleRow,
): Promise<ScheduledTransferDetails> {
  const [schedule] = await toScheduleResponses(db, [row])
  if (!schedule) throw new Error('a schedule without its response')
  const runs = await db
    .select()
    .from(scheduledTransferRuns)
    .where(eq(scheduledTransferRuns.scheduleId, row.id))
    .orderBy(desc(scheduledTransferRuns.runDate))
    .limit(SCHEDULE_RUNS_SHOWN)
  return {
    ...schedule,
    runs: runs.map((run) => ({
      id: run.id,
      runDate: run.runDate,
      status: runStatusOf(run.status),
      attempts: run.attempts,
      transactionId: run.journalId,
      failureCode: run.failureCode,
      updatedAt: run.updatedAt.toISOString(),
    })),
  }
}
