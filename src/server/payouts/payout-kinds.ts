import type { SystemRole } from '#server/ledger/chart-of-accounts.ts'
import { TIMELINE_STEPS } from '#server/transactions/timeline-steps.ts'

export const PAYOUT_KINDS = ['bank', 'bill', 'international'] as const
export type PayoutKind = (typeof PAYOUT_KINDS)[number]

/**
 * Where money waits between the two phases (docs/ledger.md "Two-phase payouts"): bills wait in the
 * biller settlement account, bank and international payouts in "payouts in flight". Initiation and
 * settlement both ask here, so the two legs always meet in the same account.
 */
export function inFlightRoleOf(kind: PayoutKind): SystemRole {
  return kind === 'bill' ? 'biller_settlement' : 'payouts_in_flight'
}

export function isPayoutKind(value: string): value is PayoutKind {
  return PAYOUT_KINDS.some((kind) => kind === value)
}

/** The timeline's words for "the provider has it". */
export function submittedMessageOf(kind: string): string {
  if (kind === 'bill') return TIMELINE_STEPS.sentToBiller
  if (kind === 'international') return TIMELINE_STEPS.sentToPartner
  return TIMELINE_STEPS.sentToBank
}
