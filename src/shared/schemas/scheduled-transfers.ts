import { z } from 'zod'
import { isCalendarDay, SCHEDULE_FREQUENCIES } from '../schedule-dates.ts'
import { accountNumberSchema } from './bank.ts'
import { amountInputSchema, DESCRIPTION_MAX_LENGTH } from './money-requests.ts'
import { transactionPinField } from './pin.ts'

/**
 * Scheduled and recurring transfers (docs/scheduled-transfers.md): to another Sabi user or to a
 * bank account, once, weekly or monthly, set up once with the PIN.
 */

/** Schedules one user may keep running or paused at once. */
export const SCHEDULES_PER_USER_MAX = 20
/** A schedule may start at most this many days ahead. */
export const SCHEDULE_START_MAX_DAYS_AHEAD = 366
/** Past runs a schedule's details list, newest first. */
export const SCHEDULE_RUNS_SHOWN = 24

export const SCHEDULE_STATUSES = ['active', 'paused', 'ended'] as const
export const SCHEDULE_RUN_STATUSES = ['completed', 'skipped', 'failed'] as const

const daySchema = (message: string) =>
  z.string({ error: message }).max(10, message).refine(isCalendarDay, message)

const scheduleFields = {
  amount: amountInputSchema,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, 'descriptionMostMaxCharacters')
    .nullish(),
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'chooseHowOften' }),
  startDate: daySchema('chooseStartDate'),
  endDate: daySchema('chooseValidEndDate').nullish(),
}

const sabiPayeeFields = {
  kind: z.literal('sabi'),
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  recipientUserId: z.uuid({ error: 'selectRecipient' }),
}
const bankPayeeFields = {
  kind: z.literal('bank'),
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  bankCode: z.string({ error: 'selectBank' }).min(1, 'selectBank').max(10),
  accountNumber: accountNumberSchema,
  accountName: z
    .string({ error: 'accountNameRequired' })
    .trim()
    .min(2, 'accountNameRequired')
    .max(100, 'accountNameMost100'),
}

/** Auto-save (docs/pockets.md): from the pocket's own wallet into the pocket. */
const pocketPayeeFields = {
  kind: z.literal('pocket'),
  pocketId: z.uuid({ error: 'pocketNotFound' }),
}

export const createScheduledTransferRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...sabiPayeeFields, ...scheduleFields }),
    z.object({ ...bankPayeeFields, ...scheduleFields }),
    z.object({ ...pocketPayeeFields, ...scheduleFields }),
  ],
  { error: 'chooseScheduleKind' },
)
export type CreateScheduledTransferRequest = z.infer<typeof createScheduledTransferRequestSchema>

/** The request as it is posted: the PIN beside it, as every outgoing money POST has it. */
export const createScheduledTransferBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...sabiPayeeFields, ...scheduleFields, ...transactionPinField }),
    z.object({ ...bankPayeeFields, ...scheduleFields, ...transactionPinField }),
    z.object({ ...pocketPayeeFields, ...scheduleFields, ...transactionPinField }),
  ],
  { error: 'chooseScheduleKind' },
)

export const scheduledTransferRunSchema = z.object({
  id: z.string(),
  runDate: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  attempts: z.number().int(),
  /** The transfer it made, for a completed run: its details are at /transactions/:id. */
  transactionId: z.string().nullable(),
  /** Why it did not run, for a skipped or failed one: the refusal's code. */
  failureCode: z.string().nullable(),
  updatedAt: z.string(),
})
export type ScheduledTransferRun = z.infer<typeof scheduledTransferRunSchema>

export const scheduledTransferSchema = z.object({
  id: z.string(),
  kind: z.enum(['sabi', 'bank', 'pocket']),
  fromWalletId: z.string(),
  currency: z.string(),
  symbol: z.string(),
  amount: z.string(),
  description: z.string().nullable(),
  /** Whom it pays, as the list shows it: the user's name, or the account holder's. */
  payeeName: z.string(),
  /** The recipient's username, for a Sabi transfer. */
  payeeUsername: z.string().nullable(),
  recipientUserId: z.string().nullable(),
  /** The pocket an auto-save fills. */
  pocketId: z.string().nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** The next occurrence's day (Lagos), or null once none is left. */
  nextRunDate: z.string().nullable(),
  /** When the next attempt is due: 08:00 Lagos on that day, or 18:00 for a retry. */
  nextAttemptAt: z.string().nullable(),
  /** When the user confirmed it with their PIN: the standing authorisation. */
  authorisedAt: z.string(),
  createdAt: z.string(),
})
export type ScheduledTransfer = z.infer<typeof scheduledTransferSchema>

export const scheduledTransferDetailsSchema = scheduledTransferSchema.extend({
  runs: z.array(scheduledTransferRunSchema),
})
export type ScheduledTransferDetails = z.infer<typeof scheduledTransferDetailsSchema>

export const scheduledTransferListSchema = z.object({ items: z.array(scheduledTransferSchema) })
