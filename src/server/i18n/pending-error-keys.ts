import type { ErrorKey } from '#shared/errors.ts'

/**
 * DEPRECATED, to delete with the English-string form of AppError (src/shared/errors.ts): the
 * keys of the refusals that the ledger, limits/enforce-limits.ts, transfers/send-to-user.ts and
 * payment-requests/pay-payment-request.ts still word in English while they are being
 * rewritten. Their texts are in the catalogs already; once those files pass `msg(key, params)`
 * the keys are used there, and this list goes.
 */
export const PENDING_ERROR_KEYS: readonly ErrorKey[] = [
  'idempotencyKeyWasAlready',
  'accountClosedCannotReceive',
  'limitSingle',
  'limitDailyRemaining',
  'limitDailyReached',
  'limitRecipientOverCap',
  'limitBalanceCap',
  'insufficientFunds',
  'insufficientFundsShortfall',
  'walletNotFound',
  'recipientNotFound',
  'currencyNotFound',
  'cannotSendMoneyYourself',
  'paymentRequestNotFound',
  'paymentRequestHasAlready',
  'paymentRequestWasCancelled',
  'paymentRequestHasExpired',
  'cannotPayOwnPayment',
  'requestCurrencyPayFrom',
  'paymentLinkHasBeen',
]
