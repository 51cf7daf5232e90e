import { and, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { paymentRequests, posSales } from '#server/db/schema.ts'
import {
  statusOf,
  toPaymentRequestLink,
} from '#server/payment-requests/to-payment-request-response.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { AppError } from '#shared/errors.ts'
import { POS_SALES_LIST_LIMIT, type PosSale } from '#shared/schemas/pos.ts'
import { toPosSaleResponse } from './to-pos-sale-response.ts'

async function findSales(
  db: Queryable,
  merchantId: string,
  saleId?: string,
  limit = POS_SALES_LIST_LIMIT,
): Promise<PosSale[]> {
  const rows = await db
    .select({ sale: posSales, request: paymentRequests })
    .from(posSales)
    .leftJoin(paymentRequests, eq(paymentRequests.id, posSales.paymentRequestId))
    .where(
      saleId
        ? and(eq(posSales.merchantId, merchantId), eq(posSales.id, saleId))
        : eq(posSales.merchantId, merchantId),
    )
    .orderBy(desc(posSales.createdAt))
    .limit(limit)
  const symbolOf = await loadAssetSymbols(
    db,
    rows.map((row) => row.sale.asset),
  )
  const nowMs = Date.now()
  return rows.map(({ sale, request }) =>
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
}

/** The merchant's sales, newest first: card sales, and QR sales paid, waiting or cancelled. */
export function listPosSales(
  db: Queryable,
  merchantId: string,
  limit = POS_SALES_LIST_LIMIT,
): Promise<PosSale[]> {
  return findSales(db, merchantId, undefined, limit)
}

/** One of the merchant's sales (the terminal watches a QR sale until the customer pays). */
export async function getPosSale(
  db: Queryable,
  merchantId: string,
  saleId: string,
): Promise<PosSale> {
  const [sale] = await findSales(db, merchantId, saleId)
  if (!sale) throw new AppError('NOT_FOUND', 'Sale not found')
  return sale
}
