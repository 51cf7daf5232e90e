import { createHash } from 'node:crypto'
import type { PayoutProvider, PayoutReceipt } from '#server/providers/payout-provider.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'

export const SANDBOX_INTERNATIONAL_PROVIDER = 'sandbox-international'

/** A sandbox transfer abroad is paid out this long after it was sent to the partner. */
export const SANDBOX_INTERNATIONAL_SETTLE_MS = 4_000

const METHOD_FAILURES: Readonly<Record<string, string>> = {
  bank_wire: FAILURE_REASONS.bankAbroadRejected,
  cash_pickup: FAILURE_REASONS.cashNotAvailable,
  mobile_wallet: FAILURE_REASONS.mobileWalletRejected,
}

function stringField(details: Record<string, unknown>, key: string): string {
  const value = details[key]
  return typeof value === 'string' ? value : ''
}

/** The code a cash pickup agent asks for: ten digits, the same for a payout every time. */
function pickupCodeOf(payoutId: string): string {
  const digest = createHash('sha256').update(`pickup:${payoutId}`).digest()
  return (digest.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, '0')
}

/**
 * The sandbox partner abroad (issue "Money out"): a transfer whose account number or phone
 * number ends in 9999 fails at the partner and is reversed; any other is paid out a few seconds
 * after it is sent, with the partner's reference (and, for a cash pickup, the code the
 * recipient gives the agent) as its receipt. Stateless like the sandbox bank: the outcome rides
 * in the reference it hands out, so a restarted server, or another instance, reads the same
 * result from it.
 */
export function createSandboxInternationalProvider(): PayoutProvider {
  return {
    name: SANDBOX_INTERNATIONAL_PROVIDER,
    async submit(order) {
      const method = stringField(order.details, 'method')
      const target =
        stringField(order.details, 'accountNumber') || stringField(order.details, 'phoneNumber')
      const outcome = target.endsWith('9999') ? 'F' : 'S'
      return { providerReference: `SBXI-${order.payoutId}-${method}-${outcome}` }
    },
    async status(providerReference, submittedAt, nowMs) {
      if (nowMs - submittedAt.getTime() < SANDBOX_INTERNATIONAL_SETTLE_MS) {
        return { status: 'pending' }
      }
      const match = /^SBXI-(.+)-([a-z_]+)-([SF])$/.exec(providerReference)
      if (!match) return { status: 'failed', reason: FAILURE_REASONS.partnerUnknownPayment }
      const [, payoutId = '', method = '', outcome] = match
      if (outcome === 'F') {
        return {
          status: 'failed',
          reason: METHOD_FAILURES[method] ?? FAILURE_REASONS.partnerRejected,
        }
      }
      const receipt: PayoutReceipt = { partnerReference: providerReference }
      if (method === 'cash_pickup') receipt.pickupCode = pickupCodeOf(payoutId)
      return { status: 'completed', receipt }
    },
  }
}
