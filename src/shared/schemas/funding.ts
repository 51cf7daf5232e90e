import { z } from 'zod'
import { decimalStringSchema } from './reference.ts'

/**
 * GET /api/funding/bank-account: the user's own account number for top-ups by bank transfer
 * (docs/funding.md "Your Sabi account number"), made on first ask for a Nigerian user at tier 2
 * or above. Money sent to it lands in the NGN wallet.
 */
export const fundingBankAccountSchema = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  bankName: z.string(),
})
export type FundingBankAccount = z.infer<typeof fundingBankAccountSchema>

/**
 * POST /api/add-funds by card on a checkout server answers 202 with where to pay: the app opens
 * `authorizationUrl` and the provider sends the user back to `/add-funds/return?reference=…`.
 */
export const cardCheckoutSchema = z.object({
  status: z.literal('pending'),
  reference: z.string(),
  authorizationUrl: z.string(),
})
export type CardCheckout = z.infer<typeof cardCheckoutSchema>

export const TOP_UP_STATUSES = ['pending', 'credited', 'held', 'refunded', 'failed'] as const

/**
 * GET /api/add-funds/:reference: how a top-up ended. `credited` is in the wallet; `held` was
 * received over the user's limit and waits (docs/funding.md "Over the limit"); `failed` was
 * never paid; `refunded` went back to the sender.
 */
export const topUpStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(TOP_UP_STATUSES),
  amount: decimalStringSchema,
  currency: z.string(),
  transactionId: z.string().nullable(),
})
export type TopUpStatus = z.infer<typeof topUpStatusSchema>
