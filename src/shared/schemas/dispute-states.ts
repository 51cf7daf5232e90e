import { z } from 'zod'

/**
 * Where a customer's report of a transaction stands (docs/disputes.md "Statuses"), apart from the
 * rest of `disputes.ts` so the transactions' schema can carry a report's mark without the two
 * schemas importing each other.
 */

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
