import { eq, sql } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { paymentRequests, posSales } from '#server/db/schema.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import { postUserTransfers, type TransferOutcome } from '#server/transfers/post-user-transfers.ts'
import { findUserById } from '#server/users/find-user.ts'
import { findOwnWallet, type OwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor } from '#shared/money.ts'
import type { PaymentRequest, PayPaymentRequest } from '#shared/schemas/payment-requests.ts'
import { getPaymentRequest } from './find-payment-requests.ts'
import { statusOf } from './to-payment-request-response.ts'

const NOT_PAYABLE = {
  paid: msg('paymentRequestHasAlready'),
  cancelled: msg('paymentRequestWasCancelled'),
  expired: msg('paymentRequestHasExpired'),
} as const

/**
 * Pays a request with a free Sabi transfer from the payer's wallet in the request's currency
 * into the requester's wallet, and marks it paid, once. The request row is locked first, so
 * two payers (or one payer's double tap with two keys) queue up and the second finds it paid.
 * `amount`, when given, is what the payer was shown: if the request says otherwise, the link
 * was tampered with and nothing moves. A POS sale paid this way completes with it.
 */
export async function payPaymentRequest(
  tx: DbTransaction,
  payerId: string,
  requestId: string,
  input: PayPaymentRequest,
  nowMs = Date.now(),
): Promise<PaymentRequest> {
  const [request] = await tx
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId))
    .for('update')
  if (!request) throw new AppError('NOT_FOUND', msg('paymentRequestNotFound'))
  const status = statusOf(request, nowMs)
  if (status !== 'open') throw new AppError('CONFLICT', NOT_PAYABLE[status])
  if (request.requesterId === payerId) {
    throw new AppError('VALIDATION_FAILED', msg('cannotPayOwnPayment'))
  }
  const from = await findOwnWallet(tx, payerId, input.fromWalletId)
  if (from.asset !== request.asset) {
    const message = msg('requestCurrencyPayFrom', { currency: request.asset })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'fromWalletId', message }])
  }
  const amount = formatMinor(request.amountMinor, exponentOf(from.asset))
  if (input.amount !== undefined && input.amount !== amount) {
    throw new AppError('CONFLICT', msg('paymentLinkHasBeen'))
  }
  const [outcome] = await postUserTransfers(tx, [
    {
      userId: payerId,
      key: null,
      requestHash: null,
      fromWalletId: from.id,
      recipientUserId: request.requesterId,
      asset: from.asset,
      amountMinor: request.amountMinor,
      symbol: from.symbol,
      description: request.description,
      reference: newJournalReference(nowMs),
      externalReference: `request:${request.id}`,
      // The requester (or the merchant at the till) hears of it in the same transaction, so the
      // announcement commits with the money or not at all (docs/notifications.md).
      announce: request.purpose === 'pos_sale' ? 'pos_sale_paid' : 'payment_request_paid',
    },
  ])
  if (outcome?.outcome !== 'completed') throw refusalOf(outcome, from)
  const journalId = outcome.response.id
  const now = new Date(nowMs)
  await tx
    .update(paymentRequests)
    .set({
      status: 'paid',
      paidByUserId: payerId,
      paidJournalId: journalId,
      paidAt: now,
      updatedAt: now,
    })
    .where(eq(paymentRequests.id, request.id))
  if (request.purpose === 'pos_sale') {
    // The customer at the counter is whoever paid, unless the merchant typed a name.
    const payer = await findUserById(tx, payerId)
    const payerName = [payer?.firstName, payer?.lastName].filter(Boolean).join(' ')
    await tx
      .update(posSales)
      .set({
        status: 'completed',
        journalId,
        completedAt: now,
        updatedAt: now,
        customerName: sql`coalesce(${posSales.customerName}, ${payerName || payer?.username || null})`,
      })
      .where(eq(posSales.paymentRequestId, request.id))
  }
  return getPaymentRequest(tx, payerId, request.id, nowMs)
}

/** A payment that did not go through, as the user reads it. */
function refusalOf(outcome: TransferOutcome | undefined, from: OwnWallet): Error {
  if (outcome?.outcome !== 'refused')
    return new Error(`paying a request answered ${outcome?.outcome}`)
  const { refusal } = outcome
  switch (refusal.kind) {
    case 'ledger': {
      const explained = explainInsufficientFunds(refusal.error, from.asset, from.symbol)
      return explained instanceof Error ? explained : refusal.error
    }
    // The requester was found with the request: only a closed account is not found as a payee.
    case 'recipient_not_found':
      return new AppError('CONFLICT', msg('accountClosedCannotReceive'))
    default:
      return new AppError('NOT_FOUND', msg('paymentRequestNotFound'))
  }
}
