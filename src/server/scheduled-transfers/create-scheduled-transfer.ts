import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { findDirectoryBank } from '#server/banks/bank-directory.ts'
import { resolveAccountName } from '#server/banks/resolve-account-name.ts'
import type { DbTransaction } from '#server/db/client.ts'
import { scheduledTransfers, users } from '#server/db/schema.ts'
import { findOwnPocket } from '#server/pockets/pocket-responses.ts'
import type { BankProvider } from '#server/providers/bank-provider.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import { RUN_HOUR_LAGOS } from '#shared/schedule-dates.ts'
import {
  type CreateScheduledTransferRequest,
  SCHEDULE_START_MAX_DAYS_AHEAD,
  SCHEDULES_PER_USER_MAX,
  type ScheduledTransferDetails,
} from '#shared/schemas/scheduled-transfers.ts'
import { toScheduleDetails } from './schedule-responses.ts'

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/** Whom a bank schedule pays: the bank as the directory knows it and the checked name. */
async function bankPayee(
  tx: DbTransaction,
  bank: BankProvider | undefined,
  input: Extract<CreateScheduledTransferRequest, { kind: 'bank' }>,
  asset: string,
) {
  const provider = requireProvider(bank, msg('bankTransfersNotAvailable'))
  const found = await findDirectoryBank(tx, provider, input.bankCode, asset)
  if (!found) refuse(msg('selectBank'), 'bankCode')
  if (found.currency !== asset)
    refuse(
      msg('bankAccountsReceiveCurrency', { bank: found.name, currency: found.currency }),
      'fromWalletId',
    )
  // Checked now, as a transfer is, so the list names the real holder (docs/transfers.md).
  const checked = await resolveAccountName(provider, found, input.accountNumber)
  return {
    bankCode: found.code,
    bankName: found.name,
    accountNumber: input.accountNumber,
    accountName: checked ?? input.accountName,
  }
}

async function sabiPayee(tx: DbTransaction, userId: string, recipientUserId: string) {
  if (recipientUserId === userId) refuse(msg('cannotSendMoneyYourself'), 'recipientUserId')
  const [recipient] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, recipientUserId), isNull(users.deactivatedAt)))
  if (!recipient) throw new AppError('NOT_FOUND', msg('recipientNotFound'))
  return { recipientUserId }
}

/**
 * Sets up a scheduled transfer (docs/scheduled-transfers.md), inside the transaction of its
 * Idempotency-Key, after the route has checked the PIN: that check is the standing authorisation
 * each run relies on, recorded as `authorisedAt`. Each occurrence is checked again when it runs
 * (limits, holds, the PIN's lock, the balance), exactly as a transfer made by hand.
 */
export async function createScheduledTransfer(
  tx: DbTransaction,
  userId: string,
  input: CreateScheduledTransferRequest,
  bank: BankProvider | undefined,
  now = new Date(),
): Promise<ScheduledTransferDetails> {
  const pocket = input.kind === 'pocket' ? await findOwnPocket(tx, userId, input.pocketId) : null
  const wallet = await findOwnWallet(
    tx,
    userId,
    input.kind === 'pocket' ? (pocket?.walletId ?? '') : input.fromWalletId,
  )
  const amount = parseAmountOrThrow(input.amount, wallet.asset)
  const today = lagosDay(now)
  if (input.startDate < today) refuse(msg('scheduleStartInPast'), 'startDate')
  if (input.startDate > addDays(today, SCHEDULE_START_MAX_DAYS_AHEAD))
    refuse(msg('scheduleStartTooFar'), 'startDate')
  const endDate = input.frequency === 'once' ? null : (input.endDate ?? null)
  if (endDate !== null && endDate < input.startDate)
    refuse(msg('scheduleEndBeforeStart'), 'endDate')

  const [kept] = await tx
    .select({ n: count() })
    .from(scheduledTransfers)
    .where(
      and(
        eq(scheduledTransfers.userId, userId),
        inArray(scheduledTransfers.status, ['active', 'paused']),
      ),
    )
  if ((kept?.n ?? 0) >= SCHEDULES_PER_USER_MAX)
    throw new AppError('CONFLICT', msg('tooManySchedules', { max: SCHEDULES_PER_USER_MAX }))

  const payee =
    input.kind === 'bank'
      ? await bankPayee(tx, bank, input, wallet.asset)
      : input.kind === 'sabi'
        ? await sabiPayee(tx, userId, input.recipientUserId)
        : { pocketId: pocket?.id ?? null }
  const [row] = await tx
    .insert(scheduledTransfers)
    .values({
      userId,
      kind: input.kind,
      fromWalletId: wallet.id,
      asset: wallet.asset,
      ...payee,
      amountMinor: amount.amountMinor,
      description: input.description || null,
      frequency: input.frequency,
      startDate: input.startDate,
      endDate,
      status: 'active',
      nextRunDate: input.startDate,
      // A start today whose hour has passed is simply due: the next pass runs it, once.
      nextAttemptAt: lagosMoment(input.startDate, RUN_HOUR_LAGOS),
      authorisedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!row) throw new Error('the schedule was not written')
  return toScheduleDetails(tx, row)
}
