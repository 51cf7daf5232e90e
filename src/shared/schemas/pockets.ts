import { z } from 'zod'
import { isCalendarDay } from '../schedule-dates.ts'
import { amountInputSchema } from './money-requests.ts'

/** Savings pockets (docs/pockets.md). */
export const POCKETS_PER_USER_MAX = 10
export const POCKET_NAME_MAX_LENGTH = 40
/** A target date or a lock may be at most this many days ahead (ten years). */
export const POCKET_DATE_MAX_DAYS_AHEAD = 3653

const daySchema = (message: string) =>
  z.string({ error: message }).max(10, message).refine(isCalendarDay, message)

export const createPocketRequestSchema = z.object({
  name: z
    .string({ error: 'pocketNameRequired' })
    .trim()
    .min(1, 'pocketNameRequired')
    .max(POCKET_NAME_MAX_LENGTH, 'pocketNameTooLong'),
  currency: z
    .string({ error: 'selectCurrency' })
    .min(3, 'selectCurrency')
    .max(10, 'selectCurrency'),
  targetAmount: amountInputSchema.nullish(),
  targetDate: daySchema('chooseValidTargetDate').nullish(),
  lockedUntil: daySchema('chooseValidLockDate').nullish(),
  /** Round each outgoing payment of the wallet up into this pocket. */
  roundUps: z.boolean().optional(),
})
export type CreatePocketRequest = z.infer<typeof createPocketRequestSchema>

export const pocketMoveRequestSchema = z.object({ amount: amountInputSchema })
export type PocketMoveRequest = z.infer<typeof pocketMoveRequestSchema>

export const pocketRoundUpsRequestSchema = z.object({ on: z.boolean({ error: 'chooseOnOrOff' }) })

export const pocketSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  symbol: z.string(),
  /** The wallet it saves from, in its currency. */
  walletId: z.string(),
  balance: z.string(),
  targetAmount: z.string().nullable(),
  targetDate: z.string().nullable(),
  /** Whole percent of the target saved, 0 to 100; null without a target. */
  progress: z.number().int().min(0).max(100).nullable(),
  lockedUntil: z.string().nullable(),
  /** Whether money may be taken out today (no lock, or its day has come). */
  locked: z.boolean(),
  roundUps: z.boolean(),
  createdAt: z.string(),
})
export type Pocket = z.infer<typeof pocketSchema>

export const pocketListSchema = z.object({
  items: z.array(pocketSchema),
  /** What the pockets hold, per currency, for the dashboard's "Saved". */
  saved: z.array(z.object({ currency: z.string(), symbol: z.string(), amount: z.string() })),
})
