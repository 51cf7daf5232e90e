import { z } from 'zod'
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATUSES } from './dispute-states.ts'
import { issueKey } from './issue-message.ts'
import { pageQuerySchema } from './pages.ts'
import { transactionSchema } from './transactions.ts'

/** The customer's few words, and the note staff resolve a report with: the columns' length. */
export const DISPUTE_DETAILS_MAX_LENGTH = 500
/**
 * "Something else" names no problem by itself, so it needs the customer's words: at least this
 * many characters, a few words. The other reasons say what went wrong and take words optionally.
 */
export const DISPUTE_OTHER_DETAILS_MIN_LENGTH = 10
/** GET /api/disputes answers this many a page unless asked for fewer or more. */
export const DISPUTES_DEFAULT_LIMIT = 20
/** Reports one customer may open per hour, all transactions together (docs/disputes.md). */
export const DISPUTES_PER_HOUR = 10

/** The reference a customer quotes to support: `DSP-` and 8 characters of Crockford's base 32. */
export const DISPUTE_REFERENCE_PATTERN = /^DSP-[0-9A-HJKMNP-TV-Z]{8}$/

/** `POST /api/transactions/:id/disputes`. */
export const openDisputeRequestSchema = z
  .object({
    reason: z.enum(DISPUTE_REASONS, { error: 'disputeChooseReason' }),
    details: z
      .string({ error: 'disputeDetailsText' })
      .trim()
      .max(DISPUTE_DETAILS_MAX_LENGTH, 'disputeDetailsMostMax')
      .optional(),
  })
  .refine(
    (report) =>
      report.reason !== 'other' ||
      (report.details ?? '').length >= DISPUTE_OTHER_DETAILS_MIN_LENGTH,
    {
      message: issueKey('disputeDetailsNeededForOther', { min: DISPUTE_OTHER_DETAILS_MIN_LENGTH }),
      path: ['details'],
    },
  )
export type OpenDisputeRequest = z.infer<typeof openDisputeRequestSchema>

/** What opening a report answers (201). */
export const openedDisputeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.literal('open'),
})
export type OpenedDispute = z.infer<typeof openedDisputeSchema>

/**
 * A report as its customer sees it, with the transaction it is about (as the history shows it),
 * so a list of reports says which payment each one is without another call.
 */
export const disputeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  transactionId: z.string(),
  transactionReference: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  /** The customer's words; empty when they gave none. */
  details: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** Set once resolved, and only then. */
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** Why it was resolved so, as staff wrote it for the customer; null until resolved. */
  resolutionNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transaction: transactionSchema,
})
export type Dispute = z.infer<typeof disputeSchema>

export const disputePageSchema = z.object({
  items: z.array(disputeSchema),
  nextCursor: z.string().nullable(),
})
export type DisputePage = z.infer<typeof disputePageSchema>

export const disputesQuerySchema = pageQuerySchema(DISPUTES_DEFAULT_LIMIT)

/**
 * A step of a report's timeline the customer sees: opened (with their words), in review, and
 * its end, refunded or declined (with the resolution note). Staff's own notes are not shown.
 */
export const DISPUTE_TIMELINE_KINDS = ['opened', 'in_review', 'refunded', 'declined'] as const
export type DisputeTimelineKind = (typeof DISPUTE_TIMELINE_KINDS)[number]

export const disputeTimelineEventSchema = z.object({
  kind: z.enum(DISPUTE_TIMELINE_KINDS),
  note: z.string().nullable(),
  createdAt: z.string(),
})
export type DisputeTimelineEvent = z.infer<typeof disputeTimelineEventSchema>

/** `GET /api/disputes/:id`: one report with its timeline, oldest first. */
export const disputeDetailsSchema = disputeSchema.extend({
  events: z.array(disputeTimelineEventSchema),
})
export type DisputeDetails = z.infer<typeof disputeDetailsSchema>
