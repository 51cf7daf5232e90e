/**
 * The reasons Sabi itself gives when money it sent out did not arrive (docs/i18n.md
 * "Descriptions"). They are stored and answered in English; the app words each one in the
 * user's language. A real provider's own words are shown as they came.
 */
export const FAILURE_REASONS = {
  bankRejected: 'the receiving bank rejected the payment',
  bankAbroadRejected: 'the receiving bank abroad rejected the payment',
  billerUnknownPayment: 'the biller did not recognise the payment',
  billerNotApplied: 'the biller could not apply the payment',
  partnerUnknownPayment: 'our partner does not know this payment',
  partnerRejected: 'our partner abroad rejected the payment',
  cashNotAvailable: 'our partner could not make the cash available for pickup',
  mobileWalletRejected: 'the mobile wallet provider rejected the payment',
  providerFailed: 'the provider reported a failure',
  bankReversed: 'the receiving bank reversed the payment',
} as const
export type FailureReason = keyof typeof FAILURE_REASONS

/** Which of Sabi's reasons a text is, or undefined for anyone else's words. */
export function failureReasonOf(text: string): FailureReason | undefined {
  for (const [reason, words] of Object.entries(FAILURE_REASONS)) {
    if (words === text && isFailureReason(reason)) return reason
  }
  return undefined
}

function isFailureReason(value: string): value is FailureReason {
  return Object.hasOwn(FAILURE_REASONS, value)
}
