import { z } from 'zod'

/**
 * Where a customer's report of a transaction stands (docs/disputes.md "Statuses"), apart from the
 * rest of `disputes.ts` so the transactions' schema can carry a report's mark without the two
 * schemas importing each other.
 */

/**
 * What a customer says went wrong with a transaction (docs/disputes.md "Reasons"), in the order
 * the report sheet offers them: the recipient did not get it; sent to the wrong person; a payment
 * the customer did not make; charged twice; a bill or airtime that did not arrive; something else.
 */
export const DISPUTE_REASONS = [
  'not_received',
  'wrong_recipient',
  'unauthorised',
  'charged_twice',
  'not_delivered',
  'other',
] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

/** A report moves forward only: open, then in review, then resolved (final). */
export const DISPUTE_STATUSES = ['open', 'in_review', 'resolved'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

/** How a resolved report ended: the money given back, or declined with the reason. */
export const DISPUTE_OUTCOMES = ['refunded', 'declined'] as const
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number]

/** The longest note staff may resolve a report with: the column's length. */
export const DISPUTE_NOTE_MAX_LENGTH = 500

/**
 * What a transaction in the history and its details say of the viewer's own latest report on it
 * (a "Reported" badge): null when they never reported it.
 */
export const disputeMarkSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
})
export type DisputeMark = z.infer<typeof disputeMarkSchema>
