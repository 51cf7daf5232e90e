import { z } from 'zod'
import type { IncomingPayment } from '#server/providers/funding-provider.ts'

/** A transaction as Paystack returns it (verify, list, and the charge.success webhook). */
export const paystackTransactionSchema = z.object({
  id: z.number().int().nullish(),
  reference: z.string().min(1).max(100),
  status: z.string().max(40),
  amount: z.number().int().nonnegative(),
  currency: z.string().max(10),
  channel: z.string().max(40).nullish(),
  paid_at: z.string().max(40).nullish(),
  paidAt: z.string().max(40).nullish(),
  customer: z.object({ customer_code: z.string().max(64).nullish() }).nullish(),
  // Set for a bank transfer into a dedicated account: who sent it, from which bank.
  authorization: z
    .object({
      sender_name: z.string().max(200).nullish(),
      sender_bank: z.string().max(200).nullish(),
    })
    .nullish(),
})
export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>

// Paystack leaves a checkout nobody has paid yet as `abandoned` until it is paid or expires,
// and `ongoing` while the customer is in it (docs/funding.md "Card top-ups").
const NOT_YET = new Set(['abandoned', 'ongoing', 'pending', 'processing', 'queued'])

function statusOf(status: string): IncomingPayment['status'] {
  if (status === 'success') return 'success'
  if (NOT_YET.has(status)) return 'pending'
  return 'failed'
}

function dateOf(text: string | null | undefined): Date | undefined {
  if (!text) return undefined
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? undefined : date
}

function trimmed(text: string | null | undefined): string | undefined {
  const value = text?.trim()
  return value ? value.slice(0, 120) : undefined
}

/** A Paystack transaction as the funding side reads every incoming payment. */
export function incomingPaymentOf(transaction: PaystackTransaction): IncomingPayment {
  return {
    reference: transaction.reference,
    status: statusOf(transaction.status),
    amountMinor: BigInt(transaction.amount),
    currency: transaction.currency.toUpperCase(),
    channel: transaction.channel ?? 'unknown',
    customerCode: transaction.customer?.customer_code ?? undefined,
    providerTransactionId:
      transaction.id === null || transaction.id === undefined ? undefined : String(transaction.id),
    senderName: trimmed(transaction.authorization?.sender_name),
    senderBank: trimmed(transaction.authorization?.sender_bank),
    paidAt: dateOf(transaction.paid_at ?? transaction.paidAt),
  }
}
