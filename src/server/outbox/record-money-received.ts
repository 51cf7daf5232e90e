import type { Queryable } from '#server/db/client.ts'
import type { AssetCode } from '#shared/money.ts'
import { moneyFieldsOf, payerNameOf } from './money-event-fields.ts'
import { recordEvent } from './record-event.ts'

/**
 * Announces a Sabi transfer to its recipient ("You received ₦1,234.00 from Ada Obi"). Call it
 * inside the transfer's own transaction, after its journal is posted (docs/notifications.md
 * "Where events are recorded"), so the announcement commits with the money or not at all.
 */
export async function recordMoneyReceived(
  tx: Queryable,
  transfer: {
    toUserId: string
    fromUserId: string
    amountMinor: bigint
    asset: AssetCode
    /** The currency's symbol when the caller has it (saves a read). */
    symbol?: string
    /** The sender's name as people know them, when the caller has it (saves a read). */
    fromName?: string
    transactionId: string
  },
): Promise<string> {
  return recordEvent(tx, {
    userId: transfer.toUserId,
    data: {
      kind: 'money_received',
      ...(await moneyFieldsOf(tx, transfer.amountMinor, transfer.asset, transfer.symbol)),
      fromName: transfer.fromName ?? (await payerNameOf(tx, transfer.fromUserId)),
      transactionId: transfer.transactionId,
    },
  })
}
