import { and, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { paymentRequests, posSales } from '#server/db/schema.ts'
import {
  statusOf,
  toPaymentRequestLink,
} from '#server/payment-requests/to-payment-request-response.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { PageQuery } from '#shared/schemas/pages.ts'
import { POS_SALES_LIST_LIMIT, type PosSale } from '#shared/schemas/pos.ts'
import { toPosSaleResponse } from './to-pos-sale-response.ts'

/** One sale by id, or a page of them newest first (keyset: keyset-page.ts). */
type SalesFilter = { saleId: string } | { page: PageQuery }

async function findSales(
  db: Queryable,
  merchantId: string,
  filter: SalesFilter,
): Promise<{ items: PosSale[]; nextCursor: string | null }> {
  const limit = 'page' in filter ? filter.page.limit : 1
  const after =
    'page' in filter && filter.page.cursor ? decodeCursor(filter.page.cursor, 'uuid') : undefined
  const found = await db
    .select({
      sale: posSales,
      request: paymentRequests,
      cursorAt: exactTimestamp(posSales.createdAt),
    })
    .from(posSales)
    .leftJoin(paymentRequests, eq(paymentRequests.id, posSales.paymentRequestId))
    .where(
      and(
        eq(posSales.merchantId, merchantId),
        'saleId' in filter ? eq(posSales.id, filter.saleId) : undefined,
        olderThan(posSales.createdAt, posSales.id, after),
      ),
    )
    .orderBy(desc(posSales.createdAt), desc(posSales.id))
    .limit(limit + 1)
  const { items: rows, nextCursor } = toPage(found, limit, (row) => ({
    at: row.cursorAt,
    id: row.sale.id,
  }))
  const symbolOf = await loadAssetSymbols(
    db,
    rows.map((row) => row.sale.asset),
  )
  const nowMs = Date.now()
  const items = rows.map(({ sale, request }) =>
    toPosSaleResponse(
      // A QR sale whose code ran out unpaid is over: it reads as expired, as its request does.
      sale.status === 'pending' && request && statusOf(request, nowMs) === 'expired'
        ? { ...sale, status: 'expired' }
        : sale,
      symbolOf(sale.asset),
      request
        ? {
            id: request.id,
            link: toPaymentRequestLink(request),
            expiresAt: request.expiresAt.toISOString(),
          }
        : null,
    ),
  )
  return { items, nextCursor }
}

/** The merchant's sales, newest first: card sales, and QR sales paid, waiting or cancelled. */
export function listPosSales(
  db: Queryable,
  merchantId: string,
  page: PageQuery = { limit: POS_SALES_LIST_LIMIT },
): Promise<{ items: PosSale[]; nextCursor: string | null }> {
  return findSales(db, merchantId, { page })
}

/** One of the merchant's sales (the terminal watches a QR sale until the customer pays). */
export async function getPosSale(
  db: Queryable,
  merchantId: string,
  saleId: string,
): Promise<PosSale> {
  const {
    items: [sale],
  } = await findSales(db, merchantId, { saleId })
  if (!sale) throw new AppError('NOT_FOUND', msg('saleNotFound'))
  return sale
}
