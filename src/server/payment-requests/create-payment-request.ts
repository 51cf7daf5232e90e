import type { Queryable } from '#server/db/client.ts'
import { paymentRequests } from '#server/db/schema.ts'
import { findUserById } from '#server/users/find-user.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import {
  type CreatePaymentRequest,
  DEFAULT_REQUEST_DESCRIPTION,
  PAYMENT_REQUEST_TTL_MS,
  type PaymentRequest,
} from '#shared/schemas/payment-requests.ts'
import { type PaymentRequestRow, toPaymentRequestResponse } from './to-payment-request-response.ts'

/**
 * Stores a request for money into one of the user's wallets, open for seven days unless a
 * shorter life is asked for (a POS sale's QR code), and returns it with its `/pay` link.
 */
export async function createPaymentRequest(
  db: Queryable,
  userId: string,
  input: CreatePaymentRequest,
  options: { purpose?: 'request' | 'pos_sale'; ttlMs?: number; nowMs?: number } = {},
): Promise<{ row: PaymentRequestRow; response: PaymentRequest }> {
  const wallet = await findOwnWallet(db, userId, input.walletId)
  const amount = parseAmountOrThrow(input.amount, wallet.asset)
  const nowMs = options.nowMs ?? Date.now()
  const [row] = await db
    .insert(paymentRequests)
    .values({
      requesterId: userId,
      walletId: wallet.id,
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      description: input.description || DEFAULT_REQUEST_DESCRIPTION,
      purpose: options.purpose ?? 'request',
      expiresAt: new Date(nowMs + (options.ttlMs ?? PAYMENT_REQUEST_TTL_MS)),
      createdAt: new Date(nowMs),
      updatedAt: new Date(nowMs),
    })
    .returning()
  const requester = await findUserById(db, userId)
  if (!row || !requester) throw new Error('insert into payment_requests returned no row')
  return {
    row,
    response: toPaymentRequestResponse(row, requester, wallet.symbol, userId, nowMs),
  }
}
