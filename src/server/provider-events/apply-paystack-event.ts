import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { applyIncomingPayment, type FundingLog } from '#server/funding/credit-top-up.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import { PAYSTACK } from '#server/providers/paystack/paystack-bank.ts'
import {
  incomingPaymentOf,
  paystackTransactionSchema,
} from '#server/providers/paystack/paystack-payments.ts'
import { paystackTransferSchema } from '#server/providers/paystack/paystack-transfers.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'

export const paystackEventSchema = z.object({
  event: z.string().min(1).max(64),
  data: z.unknown(),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** What a transfer event says happened to the payout of its reference. */
function outcomeOf(event: string) {
  if (event === 'transfer.success') return { status: 'completed' as const }
  if (event === 'transfer.failed')
    return { status: 'failed' as const, reason: FAILURE_REASONS.bankRejected }
  if (event === 'transfer.reversed')
    return { status: 'reversed' as const, reason: FAILURE_REASONS.bankReversed }
  return undefined
}

/**
 * Applies one Paystack event (docs/paystack.md "Webhooks"): a transfer's result settles the
 * payout whose id is its reference, and charge.success credits (or holds) the top-up of its
 * reference. Each is applied once however often it comes, and a later state never goes back
 * (settle-payout.ts, credit-top-up.ts). An event for a reference Sabi does not know, or of a
 * kind it does not use, is logged and acknowledged. Returns what it did, for the event's row.
 */
export async function applyPaystackEvent(
  db: Database,
  body: unknown,
  log: FundingLog,
): Promise<string> {
  const parsed = paystackEventSchema.safeParse(body)
  if (!parsed.success) return 'not an event'
  const { event, data } = parsed.data

  const transferOutcome = outcomeOf(event)
  if (transferOutcome) {
    const transfer = paystackTransferSchema.safeParse(data)
    const reference = transfer.success ? transfer.data.reference : undefined
    const [payout] =
      reference && UUID.test(reference)
        ? await db
            .select({ id: payouts.id })
            .from(payouts)
            .where(and(eq(payouts.id, reference), eq(payouts.provider, PAYSTACK)))
        : []
    if (!payout) {
      log.info({ event, reference }, 'Paystack event for no payout of ours')
      return 'unknown reference'
    }
    return (await settlePayout(db, payout.id, transferOutcome)) ? 'applied' : 'already applied'
  }

  if (event === 'charge.success') {
    const transaction = paystackTransactionSchema.safeParse(data)
    if (!transaction.success) return 'malformed charge'
    return applyIncomingPayment(db, PAYSTACK, incomingPaymentOf(transaction.data), log)
  }
  return 'ignored'
}
