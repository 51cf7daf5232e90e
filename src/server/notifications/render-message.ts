import { z } from 'zod'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import type { Language } from '#shared/languages.ts'
import { groupToken } from '#shared/meter-token.ts'
import { exponentOf, isAssetCode } from '#shared/money.ts'
import {
  disputeMessageOf,
  type NotificationData,
  payoutMessageOf,
  scheduleMessageOf,
} from '#shared/schemas/notifications.ts'
import { writeAmount } from '#shared/write-amount.ts'
import english from './locales/en.json' with { type: 'json' }
import spanish from './locales/es.json' with { type: 'json' }
import french from './locales/fr.json' with { type: 'json' }
import hausa from './locales/ha.json' with { type: 'json' }

const entrySchema = z.object({ title: z.string(), body: z.string() })
const catalogSchema = z.object({
  money_received: entrySchema,
  payout_completed: entrySchema,
  payout_failed: entrySchema,
  payout_reversed: entrySchema,
  bank_transfer_completed: entrySchema,
  bank_transfer_failed: entrySchema,
  international_transfer_completed: entrySchema,
  international_transfer_failed: entrySchema,
  bill_paid: entrySchema,
  bill_paid_token: entrySchema,
  bill_failed: entrySchema,
  airtime_sent: entrySchema,
  airtime_failed: entrySchema,
  payment_request_paid: entrySchema,
  pos_sale_paid: entrySchema,
  pos_card_sale_paid: entrySchema,
  new_device_sign_in: entrySchema,
  password_changed: entrySchema,
  pin_changed: entrySchema,
  two_factor_on: entrySchema,
  two_factor_off: entrySchema,
  password_reset: entrySchema,
  password_reset_sms: entrySchema,
  verify_email: entrySchema,
  phone_code: entrySchema,
  phone_changed: entrySchema,
  pin_failed: entrySchema,
  pin_locked: entrySchema,
  account_frozen: entrySchema,
  account_unfrozen: entrySchema,
  identity_review_approved: entrySchema,
  identity_review_rejected: entrySchema,
  this_wasnt_me: entrySchema,
  unfreeze_code: entrySchema,
  dispute_opened: entrySchema,
  dispute_in_review: entrySchema,
  dispute_refunded: entrySchema,
  dispute_declined: entrySchema,
  scheduled_transfer_sent: entrySchema,
  scheduled_transfer_retry: entrySchema,
  scheduled_transfer_skipped: entrySchema,
  scheduled_transfer_refused: entrySchema,
  scheduled_transfer_reminder: entrySchema,
})
export type MessageKey = keyof z.infer<typeof catalogSchema>

// Checked once at start-up, like the error catalogs (src/server/i18n/localize-error.ts).
const CATALOGS: Record<Language, z.infer<typeof catalogSchema>> = {
  en: catalogSchema.parse(english),
  fr: catalogSchema.parse(french),
  es: catalogSchema.parse(spanish),
  ha: catalogSchema.parse(hausa),
}

/** A message as e-mail, SMS and push send it: a title (the e-mail's subject) and a text. */
export type RenderedMessage = { title: string; text: string }

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** A message of the catalogs in `language`, its `{placeholders}` filled in. */
export function renderTemplate(
  key: MessageKey,
  language: Language,
  values: Record<string, string> = {},
): RenderedMessage {
  const entry = CATALOGS[language][key]
  return { title: fill(entry.title, values), text: fill(entry.body, values) }
}

function amountIn(
  data: { amount: string; currency: string; symbol: string },
  language: Language,
): string {
  const decimals = isAssetCode(data.currency) ? exponentOf(data.currency) : 2
  return writeAmount(data.amount, decimals, data.symbol, language)
}

/** The longest a name typed by someone else may be inside a message. */
const QUOTED_NAME_MAX = 40
const QUOTES: Record<Language, [string, string]> = {
  en: ['“', '”'],
  fr: ['« ', ' »'],
  es: ['“', '”'],
  ha: ['“', '”'],
}

/**
 * A name from outside Sabi (a sender's, a payee's, a device's), fit to put in an e-mail, SMS or
 * push (issue 32, "phishing by name"): control and format characters (line breaks, direction
 * overrides, zero-width marks) are dropped, spaces collapsed and the length cut.
 */
export function plainName(name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
  const characters = [...plain]
  return characters.length > QUOTED_NAME_MAX
    ? `${characters
        .slice(0, QUOTED_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : plain
}

/**
 * The note staff resolve a report with, as a message carries it: on one line (control and format
 * characters dropped, spaces collapsed), so it reads as the end of Sabi's sentence and cannot
 * start one of its own. Its length is the column's, checked when it was written.
 */
function plainNote(note: string): string {
  return note
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
}

/**
 * A name a person typed (a sender's, a device's), made plain and put in quotation marks, so it
 * reads as a name and never as Sabi's own words ("from “Ada Obi”").
 */
export function quotedName(name: string, language: Language): string {
  const [open, close] = QUOTES[language]
  return `${open}${plainName(name)}${close}`
}

/**
 * An event in the user's language (docs/notifications.md "Messages"), the amount written by the
 * same Intl core as the app's amount formatter ("₦1,234.00" in English, "1 234,00 ₦" in French).
 */
export function renderEventMessage(data: NotificationData, language: Language): RenderedMessage {
  switch (data.kind) {
    case 'payout_completed':
    case 'payout_failed':
      // Each payment says what it was: "Airtime sent", "Bill paid", "Transfer delivered".
      return renderTemplate(payoutMessageOf(data), language, {
        amount: amountIn(data, language),
        // A payee is a bank's or biller's name for the account, or a network and number.
        payee: plainName(data.payee ?? ''),
        token: 'token' in data && data.token ? groupToken(data.token) : '',
      })
    case 'payout_reversed':
      return renderTemplate(data.kind, language, {
        amount: amountIn(data, language),
        payee: plainName(data.payee ?? ''),
      })
    case 'money_received':
    case 'payment_request_paid':
    case 'pos_sale_paid':
      return renderTemplate(data.kind, language, {
        amount: amountIn(data, language),
        name: quotedName(data.fromName, language),
      })
    case 'pos_card_sale_paid':
      return renderTemplate(data.kind, language, { amount: amountIn(data, language) })
    case 'new_device_sign_in':
      return renderTemplate(data.kind, language, { device: quotedName(data.device, language) })
    case 'two_factor_changed':
      return renderTemplate(data.enabled ? 'two_factor_on' : 'two_factor_off', language)
    case 'pin_failed':
      return renderTemplate(data.kind, language, { attemptsLeft: String(data.attemptsLeft) })
    case 'identity_review':
      return data.outcome === 'approved'
        ? renderTemplate('identity_review_approved', language)
        : renderTemplate('identity_review_rejected', language, { reason: data.reason ?? '' })
    case 'dispute_opened':
      return renderTemplate(data.kind, language, { reference: data.reference })
    case 'dispute_updated':
      return renderTemplate(disputeMessageOf(data), language, {
        reference: data.reference,
        note: plainNote(data.note ?? ''),
      })
    case 'scheduled_transfer_sent':
    case 'scheduled_transfer_missed':
    case 'scheduled_transfer_reminder':
      return renderTemplate(scheduleMessageOf(data), language, {
        amount: amountIn(data, language),
        payee: quotedName(data.payee, language),
      })
    default:
      return renderTemplate(data.kind, language)
  }
}

/**
 * An event as e-mail and SMS send it: a security alert ends with its "This wasn't me" link,
 * which freezes the account in one tap (docs/security.md "Alerts").
 */
export function renderDeliveredMessage(
  data: NotificationData,
  language: Language,
  publicUrl: string,
): RenderedMessage {
  const message = renderEventMessage(data, language)
  if (!('alert' in data) || !data.alert) return message
  const link = `${publicUrl}${CLIENT_ROUTES.freeze}?token=${encodeURIComponent(data.alert.freezeToken)}`
  const line = renderTemplate('this_wasnt_me', language, { link })
  return { title: message.title, text: `${message.text}\n\n${line.text}` }
}
