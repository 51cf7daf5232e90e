import { z } from 'zod'
import { isPushServiceEndpoint } from '../push-services.ts'
import { DISPUTE_NOTE_MAX_LENGTH, DISPUTE_OUTCOMES } from './dispute-states.ts'

/**
 * The events a user hears about (docs/notifications.md): what the outbox holds, what the
 * notification centre lists and what the live stream sends. `data` carries what the message
 * needs, amounts as decimal strings with their currency, never a float.
 */
const amountFields = {
  amount: z.string().max(40),
  currency: z.string().max(10),
  /** Sabi's symbol for the currency, so the app and the messages write "₦1,234.00". */
  symbol: z.string().max(8),
}

const nameField = z.string().max(120)

/**
 * What a payout paid for, so its message says what it was (issue 31: an airtime top-up was
 * called "Transfer delivered"): a transfer to a bank account, a transfer abroad, a bill or an
 * airtime top-up.
 */
export const PAYOUT_PAYMENTS = [
  'bank_transfer',
  'international_transfer',
  'bill',
  'airtime',
] as const
export type PayoutPayment = (typeof PAYOUT_PAYMENTS)[number]

/**
 * What a security alert carries for its e-mail and SMS (docs/security.md "Alerts"): the contacts
 * the account had before the change, which the alert goes to rather than the new ones, and the
 * token of its "This wasn't me" link. The token only freezes the account, which is always safe,
 * so the outbox may keep it; the app's notification list never shows it.
 */
export const securityAlertSchema = z.object({
  freezeToken: z.string().max(64),
  email: z.string().max(254).nullable(),
  phoneNumber: z.string().max(20).nullable(),
})
export type SecurityAlert = z.infer<typeof securityAlertSchema>
const alertFields = { alert: securityAlertSchema.optional() }

/**
 * A payout's `payment` and `payee` (the account holder, the person abroad, the biller, or the
 * network and number topped up). Optional: events recorded before they existed carry neither and
 * are worded as a payment of any kind.
 */
const payoutFields = {
  payment: z.enum(PAYOUT_PAYMENTS).optional(),
  payee: nameField.optional(),
}

export const notificationDataSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('money_received'),
    ...amountFields,
    fromName: nameField,
    transactionId: z.string(),
  }),
  z.object({
    kind: z.literal('payout_completed'),
    ...amountFields,
    ...payoutFields,
    /** A prepaid meter's token, for the message to carry (docs/flutterwave.md "Tokens"). */
    token: z.string().max(40).optional(),
    transactionId: z.string(),
  }),
  z.object({
    kind: z.literal('payout_failed'),
    ...amountFields,
    ...payoutFields,
    transactionId: z.string(),
  }),
  // A payout the bank paid and later took back: the amount and fee are back in the wallet.
  z.object({
    kind: z.literal('payout_reversed'),
    ...amountFields,
    ...payoutFields,
    transactionId: z.string(),
  }),
  z.object({
    kind: z.literal('payment_request_paid'),
    ...amountFields,
    fromName: nameField,
    transactionId: z.string(),
  }),
  z.object({
    kind: z.literal('pos_sale_paid'),
    ...amountFields,
    fromName: nameField,
    transactionId: z.string(),
  }),
  /** A card sale at the merchant's POS terminal, paid at once (src/server/pos/make-pos-sale.ts). */
  z.object({
    kind: z.literal('pos_card_sale_paid'),
    ...amountFields,
    transactionId: z.string(),
  }),
  z.object({ kind: z.literal('new_device_sign_in'), device: z.string().max(120) }),
  z.object({ kind: z.literal('password_changed'), ...alertFields }),
  z.object({ kind: z.literal('pin_changed'), ...alertFields }),
  z.object({ kind: z.literal('two_factor_changed'), enabled: z.boolean(), ...alertFields }),
  z.object({ kind: z.literal('phone_changed'), ...alertFields }),
  /** A wrong PIN after the second in a row; `attemptsLeft` before it locks. */
  z.object({ kind: z.literal('pin_failed'), attemptsLeft: z.number().int(), ...alertFields }),
  z.object({ kind: z.literal('pin_locked'), ...alertFields }),
  z.object({ kind: z.literal('account_frozen') }),
  z.object({ kind: z.literal('account_unfrozen'), ...alertFields }),
  // Compliance's decision on a tier-3 document that waited for review (docs/limits.md "Tier 3").
  z.object({
    kind: z.literal('identity_review'),
    outcome: z.enum(['approved', 'rejected']),
    reason: z.string().max(200).optional(),
  }),
  /** A customer's report of a transaction, received (docs/disputes.md "Notifications"). */
  z.object({
    kind: z.literal('dispute_opened'),
    disputeId: z.string(),
    reference: z.string().max(20),
  }),
  /**
   * The report moved on: in review, or resolved refunded or declined. A declined report carries
   * the reason staff gave (`note`), which the message says.
   */
  z.object({
    kind: z.literal('dispute_updated'),
    disputeId: z.string(),
    reference: z.string().max(20),
    status: z.enum(['in_review', 'resolved']),
    outcome: z.enum(DISPUTE_OUTCOMES).optional(),
    note: z.string().max(DISPUTE_NOTE_MAX_LENGTH).optional(),
  }),
  /** A scheduled transfer's occurrence was sent (docs/scheduled-transfers.md "Notifications"). */
  z.object({
    kind: z.literal('scheduled_transfer_sent'),
    scheduleId: z.string(),
    ...amountFields,
    payee: nameField,
    transactionId: z.string(),
  }),
  /**
   * An occurrence that did not go: for want of money (`funds`, tried again at 18:00 when `retry`)
   * or refused for another reason (a limit, a hold, a locked PIN).
   */
  z.object({
    kind: z.literal('scheduled_transfer_missed'),
    scheduleId: z.string(),
    ...amountFields,
    payee: nameField,
    reason: z.enum(['funds', 'refused']),
    retry: z.boolean(),
  }),
  /** The day before an occurrence, with its amount, so the wallet can be topped up in time. */
  z.object({
    kind: z.literal('scheduled_transfer_reminder'),
    scheduleId: z.string(),
    ...amountFields,
    payee: nameField,
    date: z.string().max(10),
  }),
])
export type NotificationData = z.infer<typeof notificationDataSchema>
export type NotificationKind = NotificationData['kind']

/** The message a payout's result is worded by, per payment; the catalogs of both sides have each. */
export const PAYOUT_MESSAGES = [
  'payout_completed',
  'payout_failed',
  'bank_transfer_completed',
  'bank_transfer_failed',
  'international_transfer_completed',
  'international_transfer_failed',
  'bill_paid',
  'bill_paid_token',
  'bill_failed',
  'airtime_sent',
  'airtime_failed',
] as const
export type PayoutMessage = (typeof PAYOUT_MESSAGES)[number]

const PAYOUT_MESSAGE_OF: Record<
  PayoutPayment,
  { completed: PayoutMessage; failed: PayoutMessage }
> = {
  bank_transfer: { completed: 'bank_transfer_completed', failed: 'bank_transfer_failed' },
  international_transfer: {
    completed: 'international_transfer_completed',
    failed: 'international_transfer_failed',
  },
  bill: { completed: 'bill_paid', failed: 'bill_failed' },
  airtime: { completed: 'airtime_sent', failed: 'airtime_failed' },
}

/**
 * Which message words a payout's result: the payment's own ("Airtime sent", "Bill paid"), or,
 * for an event that does not say what it paid for or whom, the plain "Payment completed".
 */
export function payoutMessageOf(data: {
  kind: 'payout_completed' | 'payout_failed'
  payment?: PayoutPayment | undefined
  payee?: string | undefined
  token?: string | undefined
}): PayoutMessage {
  const outcome = data.kind === 'payout_completed' ? 'completed' : 'failed'
  if (data.payment === undefined || !data.payee) return data.kind
  // An electricity bill's message carries its token: the one thing the user must type in.
  if (outcome === 'completed' && data.payment === 'bill' && data.token) return 'bill_paid_token'
  return PAYOUT_MESSAGE_OF[data.payment][outcome]
}

/** The message a report's change is worded by; the catalogs of both sides have each. */
export type DisputeMessage = 'dispute_in_review' | 'dispute_refunded' | 'dispute_declined'

/** Which message words a report's change: in review, or its end, refunded or declined. */
export function disputeMessageOf(data: {
  status: 'in_review' | 'resolved'
  outcome?: 'refunded' | 'declined' | undefined
}): DisputeMessage {
  if (data.status === 'in_review') return 'dispute_in_review'
  return data.outcome === 'refunded' ? 'dispute_refunded' : 'dispute_declined'
}

/** The message a scheduled transfer's event is worded by; the catalogs of both sides have each. */
export type ScheduleMessage =
  | 'scheduled_transfer_sent'
  | 'scheduled_transfer_retry'
  | 'scheduled_transfer_skipped'
  | 'scheduled_transfer_refused'
  | 'scheduled_transfer_reminder'

/** Which message words a scheduled transfer's event. */
export function scheduleMessageOf(
  data: Extract<
    NotificationData,
    {
      kind: 'scheduled_transfer_sent' | 'scheduled_transfer_missed' | 'scheduled_transfer_reminder'
    }
  >,
): ScheduleMessage {
  if (data.kind !== 'scheduled_transfer_missed') return data.kind
  if (data.reason === 'refused') return 'scheduled_transfer_refused'
  return data.retry ? 'scheduled_transfer_retry' : 'scheduled_transfer_skipped'
}

/** Security alerts go by every channel the user has, whatever the toggles say. */
export const SECURITY_KINDS: ReadonlySet<NotificationKind> = new Set([
  'new_device_sign_in',
  'password_changed',
  'pin_changed',
  'two_factor_changed',
  'phone_changed',
  'pin_failed',
  'pin_locked',
  'account_frozen',
  'account_unfrozen',
])

/** Events that move money: the app refreshes balances and history when one arrives. */
export const MONEY_KINDS: ReadonlySet<NotificationKind> = new Set([
  'money_received',
  'payout_completed',
  'payout_failed',
  'payout_reversed',
  'payment_request_paid',
  'pos_sale_paid',
  'pos_card_sale_paid',
  'scheduled_transfer_sent',
])

export const notificationSchema = z.object({
  id: z.string(),
  /** The live stream's event id: a user's events in the order they were recorded. */
  position: z.string(),
  data: notificationDataSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
})
export type Notification = z.infer<typeof notificationSchema>

/** The notification centre shows this many a page. */
export const NOTIFICATIONS_PAGE_LIMIT = 20
/** How many may be marked read by id in one call. */
export const NOTIFICATIONS_READ_MAX_IDS = 100

export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().min(0),
})
export type NotificationsPage = z.infer<typeof notificationsPageSchema>

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200, 'invalidCursor').optional(),
})

/** `{"ids": [...]}` marks those read (none for `[]`); `{}` (no ids) marks every one read. */
export const markReadRequestSchema = z.object({
  ids: z
    .array(z.uuid('invalidNotificationId'))
    .max(NOTIFICATIONS_READ_MAX_IDS, 'idsMayNameMost')
    .optional(),
})
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) })

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .url('endpointHttpsUrl')
    .max(2048)
    .refine(isPushServiceEndpoint, 'endpointHttpsUrlBrowser'),
  keys: z.object({
    p256dh: z
      .string()
      .min(16)
      .max(200)
      .regex(/^[A-Za-z0-9_=-]+$/, 'p256dhBase64url'),
    auth: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9_=-]+$/, 'authBase64url'),
  }),
})
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string().min(1).max(2048),
})

/** The VAPID public key, or null where this server offers no push. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() })

/** A message sandbox mode "sent" (GET /api/sandbox/outbox). */
export const sandboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
})
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>

export const sandboxOutboxQuerySchema = z.object({
  to: z.string().min(3, 'toMustBeEmailOrPhone').max(254),
})
