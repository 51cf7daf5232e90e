import { and, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { paymentRequests, users } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { PageQuery } from '#shared/schemas/pages.ts'
import {
  PAYMENT_REQUESTS_LIST_LIMIT,
  type PaymentRequest,
} from '#shared/schemas/payment-requests.ts'
import { toPaymentRequestResponse } from './to-payment-request-response.ts'

const requesterColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
}

/**
 * One request, to any signed-in user: whoever holds the link must see who is asking, how much
 * and why before paying. The transaction id is shown to its two parties only.
 */
export async function getPaymentRequest(
  db: Queryable,
  viewerId: string,
  id: string,
  nowMs = Date.now(),
): Promise<PaymentRequest> {
  const [found] = await db
    .select({ request: paymentRequests, requester: requesterColumns })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.requesterId))
    .where(eq(paymentRequests.id, id))
    .limit(1)
  if (!found) throw new AppError('NOT_FOUND', msg('paymentRequestNotFound'))
  const symbolOf = await loadAssetSymbols(db, [found.request.asset])
  return toPaymentRequestResponse(
    found.request,
    found.requester,
    symbolOf(found.request.asset),
    viewerId,
    nowMs,
  )
}

/**
 * The user's own requests, newest first (POS sales' QR requests included), a page at a time
 * (keyset on created_at and id, exact to the microsecond: keyset-page.ts).
 */
export async function listPaymentRequests(
  db: Queryable,
  userId: string,
  page: PageQuery = { limit: PAYMENT_REQUESTS_LIST_LIMIT },
  nowMs = Date.now(),
): Promise<{ items: PaymentRequest[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor, 'uuid') : undefined
  const rows = await db
    .select({
      request: paymentRequests,
      requester: requesterColumns,
      cursorAt: exactTimestamp(paymentRequests.createdAt),
    })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.requesterId))
    .where(
      and(
        eq(paymentRequests.requesterId, userId),
        olderThan(paymentRequests.createdAt, paymentRequests.id, after),
      ),
    )
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(page.limit + 1)
  const { items, nextCursor } = toPage(rows, page.limit, (row) => ({
    at: row.cursorAt,
    id: row.request.id,
  }))
  const symbolOf = await loadAssetSymbols(
    db,
    items.map((row) => row.request.asset),
  )
  const requests = items.map((row) =>
    toPaymentRequestResponse(
      row.request,
      row.requester,
      symbolOf(row.request.asset),
      userId,
      nowMs,
    ),
  )
  return { items: requests, nextCursor }
}
