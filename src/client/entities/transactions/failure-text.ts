import { type FailureReason, failureReasonOf } from '#shared/failure-reasons.ts'
import type { TransactionEvent } from '#shared/schemas/transactions.ts'
import type { TransactionMessageKey, Translate } from './transaction-receipt.ts'

/** Sabi's own failure reasons (src/shared/failure-reasons.ts), each a sentence of the catalog. */
const REASON_KEYS: Record<FailureReason, TransactionMessageKey> = {
  bankRejected: 'failureBankRejected',
  bankAbroadRejected: 'failureBankAbroadRejected',
  billerUnknownPayment: 'failureBillerUnknownPayment',
  billerNotApplied: 'failureBillerNotApplied',
  partnerUnknownPayment: 'failurePartnerUnknownPayment',
  partnerRejected: 'failurePartnerRejected',
  cashNotAvailable: 'failureCashNotAvailable',
  mobileWalletRejected: 'failureMobileWalletRejected',
  providerFailed: 'failureProviderFailed',
  bankReversed: 'failureBankReversed',
}

/** Sabi's timeline steps (src/server/transactions/timeline-steps.ts), in the catalog's words. */
const STEP_KEYS: Record<string, TransactionMessageKey> = {
  initiated: 'timelineInitiated',
  sentToBank: 'timelineSentToBank',
  sentToBiller: 'timelineSentToBiller',
  sentToPartner: 'timelineSentToPartner',
  delivered: 'timelineDelivered',
  completed: 'timelineCompleted',
  reversed: 'timelineReversed',
  heldOverLimit: 'timelineHeldOverLimit',
  creditedAfterHold: 'timelineCreditedAfterHold',
  refunded: 'timelineRefunded',
}

/** A provider's words as a sentence: capitalised, with a full stop. */
function asSentence(text: string): string {
  const trimmed = text.trim()
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

/**
 * Why a payment failed, as a sentence in the user's language (docs/i18n.md "Descriptions"):
 * one of Sabi's reasons is worded by the catalog, a provider's own words are shown as they came.
 */
export function failureReasonText(reason: string, t: Translate): string {
  const known = failureReasonOf(reason.trim())
  return known ? t(REASON_KEYS[known]) : asSentence(reason)
}

/** What a timeline step says, in the user's language when it is one of Sabi's steps. */
export function timelineStepText(event: TransactionEvent, t: Translate): string {
  if (event.step === 'failed' && event.reason !== undefined) {
    return t('timelineFailed', { reason: failureReasonText(event.reason, t) })
  }
  const key = event.step ? STEP_KEYS[event.step] : undefined
  return key ? t(key) : event.message
}
