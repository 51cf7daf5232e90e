import type { posSales } from '#server/db/schema.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { PosSale } from '#shared/schemas/pos.ts'

export type PosSaleRow = typeof posSales.$inferSelect

/** A sale as its merchant sees it; `request` is the QR sale's payment request, if any. */
export function toPosSaleResponse(
  row: PosSaleRow,
  symbol: string,
  request: { id: string; link: string; expiresAt: string } | null,
): PosSale {
  return {
    id: row.id,
    amount: formatMinor(row.amountMinor, isAssetCode(row.asset) ? exponentOf(row.asset) : 2),
    currency: { code: row.asset, symbol },
    walletId: row.walletId,
    description: row.description,
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    method: row.method === 'qr' ? 'qr' : 'card',
    status: row.status,
    cardLast4: row.cardLast4,
    failureReason: row.failureReason,
    transactionId: row.journalId,
    paymentRequest: request,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }
}
