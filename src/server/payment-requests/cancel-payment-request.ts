import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { paymentRequests, posSales } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { PaymentRequest } from '#shared/schemas/payment-requests.ts'
import { getPaymentRequest } from './find-payment-requests.ts'
import { statusOf } from './to-payment-request-response.ts'

/**
 * The requester withdraws an open request, so its link pays nothing from now on; cancelling
 * twice is harmless. A paid request cannot be cancelled (the money has moved), and anyone
 * else's request is "not found". A POS sale waiting on this request is cancelled with it.
 */
export async function cancelPaymentRequest(
  db: Database,
  userId: string,
  id: string,
  nowMs = Date.now(),
): Promise<PaymentRequest> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.id, id), eq(paymentRequests.requesterId, userId)))
      .for('update')
    if (!request) throw new AppError('NOT_FOUND', msg('paymentRequestNotFound'))
    const status = statusOf(request, nowMs)
    if (status === 'cancelled') return
    if (status === 'paid') throw new AppError('CONFLICT', msg('paymentRequestHasAlready'))
    const now = new Date(nowMs)
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(paymentRequests.id, id))
    await tx
      .update(posSales)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(posSales.paymentRequestId, id), eq(posSales.status, 'pending')))
  })
  return getPaymentRequest(db, userId, id, nowMs)
}
