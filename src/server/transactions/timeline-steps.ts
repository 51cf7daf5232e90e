/**
 * The steps Sabi writes on a transaction's timeline (docs/i18n.md "Descriptions"). The stored
 * message is English, for operators and for clients that know no better; each answer also
 * names the step, and the failure's reason, so the app words them in the user's language.
 */
export const TIMELINE_STEPS = {
  initiated: 'Payment initiated',
  sentToBank: 'Sent to the receiving bank',
  sentToBiller: 'Sent to the biller',
  sentToPartner: 'Sent to our partner in the destination country',
  delivered: 'Delivered',
  completed: 'Completed',
  reversed: 'Reversed by the bank. The money is back in your wallet.',
  heldOverLimit: 'Received, over your limit',
  creditedAfterHold: 'Credited to your wallet',
  refunded: 'Returned to the sender',
} as const
export type TimelineStep = keyof typeof TIMELINE_STEPS | 'failed'

const FAILED_PREFIX = 'Failed: '
const FAILED_SUFFIX = '. The money is back in your wallet.'

/** The message of a payout that failed and was reversed, with the provider's reason. */
export function failedStepMessage(reason: string): string {
  return `${FAILED_PREFIX}${reason}${FAILED_SUFFIX}`
}

/** The step of a stored message, and the reason of a failure; undefined for any other text. */
export function stepOfMessage(
  message: string,
): { step: TimelineStep; reason?: string } | undefined {
  for (const [step, text] of Object.entries(TIMELINE_STEPS)) {
    if (text === message && isStep(step)) return { step }
  }
  if (message.startsWith(FAILED_PREFIX) && message.endsWith(FAILED_SUFFIX)) {
    return {
      step: 'failed',
      reason: message.slice(FAILED_PREFIX.length, message.length - FAILED_SUFFIX.length),
    }
  }
  return undefined
}

function isStep(value: string): value is keyof typeof TIMELINE_STEPS {
  return Object.hasOwn(TIMELINE_STEPS, value)
}
