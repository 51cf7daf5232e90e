import type { paymentRequests, users } from '#server/db/schema.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import {
  type PaymentRequest,
  type PaymentRequestStatus,
  payLinkPath,
} from '#shared/schemas/payment-requests.ts'

export type PaymentRequestRow = typeof paymentRequests.$inferSelect
type Requester = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'username'>

/** Stored as open, paid or cancelled; an open request past its expiry reads as expired. */
export function statusOf(row: PaymentRequestRow, nowMs: number): PaymentRequestStatus {
  if (row.status === 'paid' || row.status === 'cancelled') return row.status
  return row.expiresAt.getTime() <= nowMs ? 'expired' : 'open'
}

/** The `/pay?data=` path that pays a request (docs/getting-paid.md "Pay links"). */
export function toPaymentRequestLink(row: PaymentRequestRow): string {
  return payLinkPath({
    recipientId: row.requesterId,
    walletId: row.walletId,
    amount: formatMinor(row.amountMinor, isAssetCode(row.asset) ? exponentOf(row.asset) : 2),
    currency: row.asset,
    description: row.description,
    requestId: row.id,
  })
}

/** A request as `viewerId` sees it; the transaction only for its two parties. */
export function toPaymentRequestResponse(
  row: PaymentRequestRow,
  requester: Requester,
  symbol: string,
  viewerId: string,
  nowMs = Date.now(),
): PaymentRequest {
  const amount = formatMinor(row.amountMinor, isAssetCode(row.asset) ? exponentOf(row.asset) : 2)
  const isParty = viewerId === row.requesterId || viewerId === row.paidByUserId
  return {
    id: row.id,
    status: statusOf(row, nowMs),
    amount,
    currency: { code: row.asset, symbol },
    description: row.description,
    walletId: row.walletId,
    requester: {
      id: requester.id,
      firstName: requester.firstName,
      lastName: requester.lastName,
      username: requester.username,
    },
    isOwn: viewerId === row.requesterId,
    purpose: row.purpose,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    transactionId: isParty ? row.paidJournalId : null,
    link: toPaymentRequestLink(row),
  }
}
