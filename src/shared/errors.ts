import english from '../client/locales/en/errors.json' with { type: 'json' }
import { renderText, type Texts } from './render-text.ts'
import { writeAmount } from './write-amount.ts'

/** The typed failures a use case may report; routes map each to one HTTP status. */
export const APP_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  ACCOUNT_DEACTIVATED: 401,
  INVALID_CREDENTIALS: 401,
  /** A card payment the card's issuer (the sandbox acquirer) declined. */
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  /** An outgoing payment sent without its transaction PIN (docs/security.md "Transaction PIN"). */
  PIN_REQUIRED: 403,
  /** An outgoing payment by a user who has not created a PIN yet. */
  PIN_NOT_SET: 403,
  /** A wrong PIN; the body says how many attempts are left. */
  PIN_INVALID: 403,
  /** Five wrong PINs in a row: locked for 30 minutes (the body says until when). */
  PIN_LOCKED: 423,
  /**
   * A credential change or deactivation without the account password (and the TOTP code when
   * two-factor is on), or with a wrong one (docs/security.md "Step-up").
   */
  REAUTH_REQUIRED: 403,
  /**
   * Outgoing money past the cooling-off allowance after a recovery or a credential change
   * (docs/security.md "Cooling-off"); the body says `until` when.
   */
  COOLING_OFF: 403,
  /** The owner froze the account: no outgoing money and no credential change (docs/security.md). */
  ACCOUNT_FROZEN: 423,
  /** A method the path does not answer to (with an Allow header). */
  METHOD_NOT_ALLOWED: 405,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  /** A phone number another account has verified, or a phone-only account already uses. */
  PHONE_TAKEN: 409,
  /** A wrong SMS code; the body says how many attempts are left. */
  PHONE_CODE_INVALID: 400,
  /** An SMS code that expired, was used up by wrong tries, or was never sent: ask for another. */
  PHONE_CODE_EXPIRED: 400,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  /**
   * Money taken out of a savings pocket before the day it is locked until (docs/pockets.md); the
   * body's `lockedUntil` says which day (YYYY-MM-DD).
   */
  POCKET_LOCKED: 409,
  /** A locked quote that has lapsed: get a new one and let the user review it. */
  QUOTE_EXPIRED: 409,
  /** A quote already spent on an earlier transfer. */
  QUOTE_USED: 409,
  /** A payment over a KYC tier limit (docs/limits.md); the body names the limit. */
  LIMIT_EXCEEDED: 403,
  /** A body that is not JSON where JSON is expected. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  NOT_AVAILABLE: 503,
  /** The outside party a request needs (a bank, a biller, an acquirer...) is not connected. */
  PROVIDER_UNAVAILABLE: 503,
  /** The database is unreachable or restarting: retry after the Retry-After seconds. */
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const

export type AppErrorCode = keyof typeof APP_ERROR_STATUS

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K

/**
 * A text of the errors catalog (src/client/locales/<language>/errors.json), named as i18next
 * names it: `pinAttemptsLeft` for `pinAttemptsLeft_one` and `pinAttemptsLeft_other`. A key
 * English lacks does not compile.
 */
export type ErrorKey = WithoutPlural<keyof typeof english & string>

/**
 * An amount inside a message: decimal text with the asset's decimals ("1025.00") and the
 * asset's symbol, written as each language writes money ("$1,025.00", "1 025,00 $").
 */
export type AmountParam = { readonly decimal: string; readonly symbol: string | null }

export type MessageParam = string | number | AmountParam
export type MessageParams = Readonly<Record<string, MessageParam>>

/** What a refusal says: a catalog key and the values of its placeholders, never English. */
export type Message = { readonly key: ErrorKey; readonly params: MessageParams }

/** A message of the errors catalog: `msg('limitSingle', { amount: amountParam('50000.00', '₦') })`. */
export function msg(key: ErrorKey, params: MessageParams = {}): Message {
  return { key, params }
}

/** An amount parameter: `decimal` is plain decimal text with the asset's exact decimals. */
export function amountParam(decimal: string, symbol: string | null): AmountParam {
  return { decimal, symbol }
}

function isAmount(value: MessageParam): value is AmountParam {
  return typeof value === 'object'
}

/** A message's values in `language`: amounts as the language writes money, the rest as given. */
export function paramValues(
  params: MessageParams,
  language: Parameters<typeof writeAmount>[3],
): Record<string, string | number> {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(params)) {
    values[name] = isAmount(value)
      ? writeAmount(value.decimal, value.decimal.split('.')[1]?.length ?? 0, value.symbol, language)
      : value
  }
  return values
}

const ENGLISH: Texts = english

/** A message in English: what `error.message` and the logs read. */
export function englishMessage(message: Message): string {
  return renderText(ENGLISH, ENGLISH, 'en', message.key, paramValues(message.params, 'en'))
}

/** A field's problem, as in a validation error's `errors[]`. */
export type FieldError = { path: string; message: Message }

/** The key and values an AppError is worded from, and its English text for the logs. */
export type Wording = { key: ErrorKey; params: MessageParams; english: string }

function wordingOf(message: Message): Wording {
  return { key: message.key, params: message.params, english: englishMessage(message) }
}

/** What some refusals add to `{message, code}` (docs/api.md "Errors"). */
export type ErrorDetails = {
  attemptsLeft?: number
  lockedUntil?: string
  /** Which KYC limit refused a payment, and what it still allows in naira (docs/limits.md). */
  limit?: 'single' | 'daily' | 'balance'
  remaining?: string
  /** With REAUTH_REQUIRED: whether the TOTP code is asked as well as the password. */
  secondFactor?: boolean
  /** With COOLING_OFF: when the allowance ends (ISO 8601). */
  until?: string
  /** With UNAVAILABLE from GET /api/ready: why the server is not ready. */
  status?: 'draining' | 'unavailable'
}

/** An expected failure with a message safe to show to the user, in the catalogs' words. */
export class AppError extends Error {
  readonly code: AppErrorCode
  readonly status: number
  /** The catalog key and values the message is worded from, in any language. */
  readonly wording: Wording
  /** For bad input: which fields, as in a validation error's `errors[]`. */
  readonly errors: { path: string; wording: Wording }[] | undefined
  readonly details: ErrorDetails | undefined

  /** `message` is `msg(key, params)`; `error.message` is its English text. */
  constructor(
    code: AppErrorCode,
    message: Message,
    errors?: readonly FieldError[],
    details?: ErrorDetails,
  ) {
    const wording = wordingOf(message)
    super(wording.english)
    this.name = 'AppError'
    this.code = code
    this.status = APP_ERROR_STATUS[code]
    this.wording = wording
    this.errors = errors?.map((error) => ({ path: error.path, wording: wordingOf(error.message) }))
    this.details = details
  }
}
