import { z } from 'zod'
import { amountInputSchema, DESCRIPTION_MAX_LENGTH } from './money-requests.ts'
import { decimalStringSchema } from './reference.ts'

/** A request can be paid for this long after it is made (issue "Getting paid"). */
export const PAYMENT_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** The description a link carries when the requester gave none (docs/getting-paid.md). */
export const DEFAULT_REQUEST_DESCRIPTION = 'Payment request'
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'cancelled', 'expired'] as const
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number]
/** The path of the page that pays a request (docs/getting-paid.md "Pay links"). */
export const PAY_PAGE_PATH = '/pay'
/** The most requests the list returns, newest first. */
export const PAYMENT_REQUESTS_LIST_LIMIT = 100

const MISSING_INFORMATION = 'missingWalletAndAnAmount'

/** `POST /api/payment-requests` with its message for a missing wallet or amount. */
export const createPaymentRequestSchema = z.object({
  walletId: z.uuid({ error: MISSING_INFORMATION }),
  amount: amountInputSchema,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, 'descriptionMostMaxCharacters')
    .nullish(),
})
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>

export const payPaymentRequestSchema = z.object({
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  /** The amount the payer was shown; a request that says otherwise is refused (tampering). */
  amount: z.string().max(40).optional(),
})
export type PayPaymentRequest = z.infer<typeof payPaymentRequestSchema>

/**
 * What a `/pay?data=` link carries (recipientId, walletId, amount, currency, description)
 * plus the request's id (docs/getting-paid.md "Pay links"). The stored request is the truth: a link
 * whose fields disagree with it has been tampered with and pays nothing.
 */
export const payLinkDataSchema = z.object({
  recipientId: z.string().max(100),
  walletId: z.string().max(100),
  amount: z.union([z.string().max(40), z.number()]),
  currency: z.string().max(10),
  description: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  requestId: z.string().max(100).optional(),
})
export type PayLinkData = z.infer<typeof payLinkDataSchema>

/** The `/pay?data=<JSON>` path of a request, exactly as docs/getting-paid.md describes it. */
export function payLinkPath(data: PayLinkData): string {
  return `${PAY_PAGE_PATH}?${new URLSearchParams({ data: JSON.stringify(data) })}`
}

export const paymentRequestSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  amount: decimalStringSchema,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  description: z.string(),
  walletId: z.string(),
  requester: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string(),
  }),
  /** Whether the signed-in viewer made this request (they cannot pay their own). */
  isOwn: z.boolean(),
  purpose: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The payment's transaction, shown to the requester and to whoever paid. */
  transactionId: z.string().nullable(),
  /** The `/pay?data=` path that pays it. */
  link: z.string(),
})
export type PaymentRequest = z.infer<typeof paymentRequestSchema>

/**
 * What anyone holding a request's link may learn before signing in (docs/getting-paid.md
 * "Preview for visitors"): who asks, by first name and initial ("Babajide O."), how much and
 * why. No id of a user or wallet, no full name, no contact, no status.
 */
export const paymentRequestPreviewSchema = z.object({
  requesterName: z.string(),
  amount: decimalStringSchema,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  description: z.string(),
})
export type PaymentRequestPreview = z.infer<typeof paymentRequestPreviewSchema>
