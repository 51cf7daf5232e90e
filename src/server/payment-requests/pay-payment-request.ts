import { eq, sql } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { paymentRequests, posSales, wallets } from '#server/db/schema.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { moneyFieldsOf, payerNameOf } from '#server/outbox/money-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { findUserById } from '#server/users/find-user.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, formatMinor } from '#shared/money.ts'
import type { PaymentRequest, PayPaymentRequest } from '#shared/schemas/payment-requests.ts'
import { getPaymentRequest } from './find-payment-requests.ts'
import { statusOf } from './to-payment-request-response.ts'

const NOT_PAYABLE = {
  paid: 'This payment request has already been paid',
  cancelled: 'This payment request was cancelled',
  expired: 'This payment request has expired',
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
  if (!request) throw new AppError('NOT_FOUND', 'Payment request not found')
  const status = statusOf(request, nowMs)
  if (status !== 'open') throw new AppError('CONFLICT', NOT_PAYABLE[status])
  if (request.requesterId === payerId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot pay your own payment request')
  }
  const from = await findOwnWallet(tx, payerId, input.fromWalletId)
  if (from.asset !== request.asset) {
    const message = `This request is in ${request.asset}: pay it from your ${request.asset} wallet`
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'fromWalletId', message }])
  }
  const amount = formatMinor(request.amountMinor, exponentOf(from.asset))
  if (input.amount !== undefined && input.amount !== amount) {
    throw new AppError('CONFLICT', 'This payment link has been changed: ask for a new one')
  }
  const [to] = await tx
    .select({ id: wallets.id, accountId: wallets.accountId })
    .from(wallets)
    .where(eq(wallets.id, request.walletId))
  if (!to) throw new Error(`payment request ${request.id} has no wallet`)

  const now = new Date(nowMs)
  try {
    const journal = await postJournal(
      tx,
      {
        type: 'send',
        status: 'completed',
        asset: from.asset,
        amountMinor: request.amountMinor,
        fromUserId: payerId,
        toUserId: request.requesterId,
        fromWalletId: from.id,
        toWalletId: to.id,
        description: request.description,
        externalReference: `request:${request.id}`,
      },
      [
        { accountId: from.accountId, asset: from.asset, amountMinor: -request.amountMinor },
        { accountId: to.accountId, asset: from.asset, amountMinor: request.amountMinor },
      ],
    )
    await tx
      .update(paymentRequests)
      .set({
        status: 'paid',
        paidByUserId: payerId,
        paidJournalId: journal.id,
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
          journalId: journal.id,
          completedAt: now,
          updatedAt: now,
          customerName: sql`coalesce(${posSales.customerName}, ${payerName || payer?.username || null})`,
        })
        .where(eq(posSales.paymentRequestId, request.id))
    }
    // The requester (or the merchant at the till) hears of it in the same transaction, so the
    // announcement commits with the money or not at all (docs/notifications.md).
    await recordEvent(tx, {
      userId: request.requesterId,
      data: {
        kind: request.purpose === 'pos_sale' ? 'pos_sale_paid' : 'payment_request_paid',
        ...(await moneyFieldsOf(tx, request.amountMinor, from.asset, from.symbol)),
        fromName: await payerNameOf(tx, payerId),
        transactionId: journal.id,
      },
    })
  } catch (error) {
    throw explainInsufficientFunds(error, from.asset, from.symbol)
  }
  return getPaymentRequest(tx, payerId, request.id, nowMs)
}
