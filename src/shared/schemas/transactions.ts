import { z } from 'zod'
import { disputeMarkSchema } from './dispute-states.ts'
import { decimalStringSchema } from './reference.ts'

export const TRANSACTION_TYPES = ['send', 'receive', 'add_funds', 'purchase', 'withdraw'] as const
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const

/**
 * What a description Sabi wrote is made of, so each screen words it in its viewer's language
 * (docs/i18n.md "Descriptions"): a bill with its biller and customer number, a bank or
 * international transfer with the name it went to, a top-up by its method, an exchange, a crypto
 * purchase, a sale or request that was given no description. Absent or null when the
 * description is the user's own words, which are shown as typed.
 */
export const describedAsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bill'),
    billType: z.string(),
    biller: z.string(),
    numberKind: z.string(),
    number: z.string(),
  }),
  z.object({ kind: z.literal('bankTransfer'), accountName: z.string(), bankName: z.string() }),
  /** Money sent from a bank into the user's own account number (docs/funding.md). */
  z.object({ kind: z.literal('bankTransferIn'), senderName: z.string(), bankName: z.string() }),
  z.object({
    kind: z.literal('internationalTransfer'),
    recipientName: z.string(),
    countryCode: z.string(),
    countryName: z.string(),
  }),
  z.object({ kind: z.literal('addFunds'), method: z.enum(['card', 'bank']) }),
  z.object({ kind: z.literal('exchange'), from: z.string(), to: z.string() }),
  z.object({
    kind: z.literal('cryptoPurchase'),
    coin: z.string(),
    quantity: decimalStringSchema,
    /** The dollar price per coin the purchase was made at ("3200.00"), as its description says it. */
    priceUsd: decimalStringSchema.optional(),
    byCard: z.boolean(),
  }),
  /** Money moved between a wallet and one of its savings pockets (docs/pockets.md). */
  z.object({
    kind: z.literal('pocket'),
    move: z.enum(['deposit', 'roundUp', 'autoSave', 'withdrawal']),
    pocket: z.string(),
  }),
  z.object({ kind: z.literal('posSale') }),
  z.object({ kind: z.literal('paymentRequest') }),
  /**
   * Money staff moved (docs/operations-console.md "Money"): a refund, an adjustment or a
   * correction, of the transaction it is for and the report it answers, when there are.
   */
  z.object({
    kind: z.literal('staffMoney'),
    type: z.enum(['refund', 'adjustment', 'correction']),
    reference: z.string().nullable(),
    report: z.string().nullable(),
  }),
])
export type DescribedAs = z.infer<typeof describedAsSchema>

/**
 * A transaction as its viewer sees it (docs/data-model.md "Transaction"): `type` is `send` for the
 * sender, `receive` for the recipient.
 */
export const transactionSchema = z.object({
  id: z.string(),
  fromUserId: z.string().nullable(),
  toUserId: z.string().nullable(),
  fromWalletId: z.string().nullable(),
  toWalletId: z.string().nullable(),
  amount: decimalStringSchema,
  fee: decimalStringSchema,
  exchangeRate: decimalStringSchema.nullable(),
  convertedAmount: decimalStringSchema.nullable(),
  // Any other type or status is shown generically (docs/data-model.md "Transaction"), so the
  // schema does not refuse it.
  type: z.string(),
  status: z.string(),
  /** As stored: English when Sabi wrote it (see `describedAs`), else as the user typed it. */
  description: z.string().nullable(),
  /** Absent when the description is the user's own (or there is none). */
  describedAs: describedAsSchema.optional(),
  reference: z.string(),
  /** The code anyone can check the receipt by at /verify/:code (docs/receipts.md). */
  verificationCode: z.string(),
  externalReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  fromWallet: z.object({ currency: z.object({ symbol: z.string(), code: z.string() }) }).nullable(),
  /** What `convertedAmount` is in: the target currency of an exchange, the coin of a purchase. */
  convertedCurrency: z.object({ symbol: z.string(), code: z.string() }).nullable(),
  /**
   * The other party as the viewer knows them: whom they paid (a user, a bank account holder, a
   * biller, a person abroad) or who paid them. In lists and details; absent from a money POST's
   * answer; null for money between one's own wallets or from a card.
   */
  counterparty: z.string().nullable().optional(),
  /**
   * The viewer's own latest report of a problem with this transaction (docs/disputes.md), for the
   * "Reported" badge: null when they never reported it. In lists and details; absent from a
   * money POST's answer, as nothing new has been reported.
   */
  dispute: disputeMarkSchema.nullable().optional(),
})
export type Transaction = z.infer<typeof transactionSchema>

export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
})

export const transactionEventSchema = z.object({
  status: z.string(),
  /** Sabi's English for the step; the app words a known `step` in the user's language. */
  message: z.string(),
  /**
   * The step Sabi wrote (src/server/transactions/timeline-steps.ts): initiated, sentToBank,
   * sentToBiller, sentToPartner, delivered, completed or failed. Absent for any other message.
   */
  step: z.string().optional(),
  /** Why a failed step failed, as the provider or Sabi gave it. */
  reason: z.string().optional(),
  createdAt: z.string(),
})
export type TransactionEvent = z.infer<typeof transactionEventSchema>

/**
 * For money that left through a provider: where it went (`details`: bank and account, biller
 * and customer number, country and method...) and what the provider gave back (`receipt`, e.g.
 * an electricity token). Keys are the ones the server's use cases write; the client labels them.
 */
export const payoutInfoSchema = z.object({
  kind: z.string(),
  status: z.string(),
  details: z.record(z.string(), z.string()),
  receipt: z.record(z.string(), z.string()),
  failureReason: z.string().nullable(),
})
export type PayoutInfo = z.infer<typeof payoutInfoSchema>

/** One transaction with its timeline: every status it has passed through, oldest first. */
export const transactionDetailsSchema = transactionSchema.extend({
  events: z.array(transactionEventSchema),
  payout: payoutInfoSchema.nullable(),
  /**
   * Who sent the money and who was paid, by name, whichever side the viewer is on, for the
   * receipt a user shares (docs/receipts.md "Sharing"); null where nobody is named (a card
   * top-up has no sender). Optional, so an answer from an older server still parses.
   */
  sender: z.string().nullable().optional(),
  recipient: z.string().nullable().optional(),
  /**
   * The scheduled transfer this was a run of (docs/scheduled-transfers.md), for its owner only:
   * the details link to `/scheduled-transfers/:id`.
   */
  scheduledTransferId: z.string().nullable().optional(),
})
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>
