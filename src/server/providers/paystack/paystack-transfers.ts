import { z } from 'zod'
import type { PayoutResult } from '#server/providers/payout-provider.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'

/** A transfer as Paystack returns it (initiate, verify, list, and the transfer.* webhooks). */
export const paystackTransferSchema = z.object({
  reference: z.string().max(100).nullish(),
  amount: z.number().int().nonnegative(),
  currency: z.string().max(10),
  status: z.string().max(40),
  transfer_code: z.string().max(64).nullish(),
  createdAt: z.string().max(40).nullish(),
  created_at: z.string().max(40).nullish(),
})
export type PaystackTransfer = z.infer<typeof paystackTransferSchema>

// Paystack's statuses for a transfer still on its way (docs/paystack.md "Transfer statuses").
const IN_PROGRESS = new Set(['pending', 'processing', 'queued', 'received'])
const FAILED = new Set(['failed', 'rejected', 'abandoned', 'blocked'])

/**
 * What a Paystack transfer status means for a payout: `success` completes it, `failed` (and its
 * kin) returns the money, `reversed` returns it too, even after a success; `otp` and any status
 * Sabi does not know stay in flight with an alert for a person (docs/paystack.md).
 */
export function payoutResultOf(status: string): PayoutResult {
  if (status === 'success') return { status: 'completed' }
  if (status === 'reversed') return { status: 'reversed', reason: FAILURE_REASONS.bankReversed }
  if (FAILED.has(status)) return { status: 'failed', reason: FAILURE_REASONS.bankRejected }
  if (IN_PROGRESS.has(status)) return { status: 'pending' }
  if (status === 'otp')
    return { status: 'pending', alert: 'Paystack is waiting for an OTP to release the transfer' }
  return {
    status: 'pending',
    alert: `Paystack reports a transfer status Sabi does not know: ${status.slice(0, 40)}`,
  }
}
