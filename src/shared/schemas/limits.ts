import { z } from 'zod'
import type { NameLabel } from './auth.ts'
import { decimalStringSchema } from './reference.ts'

/** GET /api/limits (docs/limits.md): amounts in naira as decimal strings. */
export const limitsSchema = z.object({
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  currency: z.literal('NGN'),
  singleMax: decimalStringSchema,
  dailyMax: decimalStringSchema,
  dailyUsed: decimalStringSchema,
  dailyRemaining: decimalStringSchema,
  /** Null when the tier holds any balance. */
  balanceMax: decimalStringSchema.nullable(),
  balance: decimalStringSchema,
  /** When today's usage starts again from zero: midnight in Lagos (ISO 8601). */
  resetsAt: z.string(),
  /**
   * While outgoing money cools off after a recovery or a credential change (docs/security.md
   * "Cooling-off"): until when, and what may still be sent in naira. Null otherwise.
   */
  coolingOff: z.object({ until: z.string(), remaining: decimalStringSchema }).nullable(),
  /**
   * A tier-3 document waiting for compliance to review it (docs/limits.md "Tier 3"): which kind
   * and since when (ISO 8601). Null when none is.
   */
  documentReview: z.object({ documentType: z.string(), submittedAt: z.string() }).nullable(),
  /** What each tier allows, for the way up. */
  tiers: z.array(
    z.object({
      tier: z.number().int(),
      singleMax: decimalStringSchema,
      dailyMax: decimalStringSchema,
      balanceMax: decimalStringSchema.nullable(),
    }),
  ),
})
export type Limits = z.infer<typeof limitsSchema>

export const IDENTITY_DOCUMENT_TYPE_VALUES = [
  'passport',
  'drivers_licence',
  'voters_card',
  'nin_slip',
] as const

/** A document number as printed: letters, digits and dashes. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9-]{5,20}$/
/** An ISO 3166 two-letter country code. */
export const COUNTRY_CODE_PATTERN = /^[A-Za-z]{2}$/

const requiredText = (label: NameLabel, max: number) =>
  z
    .string({ error: `${label}Required` })
    .trim()
    .min(1, `${label}Required`)
    .max(max, `${label}MostMaxCharacters`)

/** POST /api/kyc/tier-3: an identity document and the address it goes with. */
export const tierThreeRequestSchema = z.object({
  documentType: z.enum(IDENTITY_DOCUMENT_TYPE_VALUES, { error: 'chooseDocumentType' }),
  documentNumber: z
    .string({ error: 'documentNumberRequired' })
    .trim()
    .regex(DOCUMENT_NUMBER_PATTERN, 'enterDocumentNumberPrinted'),
  address: z.object(
    {
      line: requiredText('address', 200),
      city: requiredText('city', 100),
      state: requiredText('state', 100),
      country: z
        .string({ error: 'countryRequired' })
        .trim()
        .regex(COUNTRY_CODE_PATTERN, 'countryTwoLetterCode'),
    },
    { error: 'addressRequired' },
  ),
})
export type TierThreeRequest = z.infer<typeof tierThreeRequestSchema>

/**
 * How a tier-3 attempt ended: checked at once (`verified`, `failed`), or `in_review` when the
 * registry cannot check the document and compliance reviews it first.
 */
export const TIER_THREE_STATUSES = ['verified', 'failed', 'in_review'] as const
export type TierThreeStatus = (typeof TIER_THREE_STATUSES)[number]

/**
 * What POST /api/kyc/tier-3 answers: how the attempt ended, the limits now, and why the check
 * failed, if it did.
 */
export const tierThreeResponseSchema = z.object({
  status: z.enum(TIER_THREE_STATUSES),
  limits: limitsSchema,
  failureReason: z.string().nullable(),
})

/** Why GET /api/limits/check says no: which limit and how it is worded. */
export const LIMIT_CHECK_CODES = ['SINGLE_MAX', 'DAILY_REMAINING', 'DAILY_REACHED'] as const
export type LimitCheckCode = (typeof LIMIT_CHECK_CODES)[number]

/** GET /api/limits/check: could the user send this amount now? */
export const limitCheckQuerySchema = z.object({
  currency: z.string().trim().min(2).max(10),
  amount: z.string().max(40),
})
export type LimitCheckQuery = z.infer<typeof limitCheckQuerySchema>

export const limitCheckSchema = z.object({
  allowed: z.boolean(),
  /** Which limit the amount is over, if any. */
  limit: z.enum(['single', 'daily']).nullable(),
  /** The refusal the payment would meet, in English, word for word (as the 403 would say it). */
  message: z.string().nullable(),
  /**
   * The same refusal as a code with its parameters, which screens word in the user's language
   * from their catalogs (docs/i18n.md "Server messages"): the single-payment maximum, what is
   * left of the day, or the daily limit already reached; `params.amount` is in naira.
   */
  code: z.enum(LIMIT_CHECK_CODES).nullable(),
  params: z.object({ amount: decimalStringSchema }).nullable(),
  /** The amount's worth in naira, and the most that can be sent now. */
  value: decimalStringSchema,
  remaining: decimalStringSchema,
})
export type LimitCheck = z.infer<typeof limitCheckSchema>
