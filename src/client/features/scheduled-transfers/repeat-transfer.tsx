import { CalendarClock, Repeat } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { scheduledTransferPath } from '#client/entities/scheduled-transfers/use-scheduled-transfers.ts'
import { repeatQuery } from '#client/lib/repeat-params.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { useScheduledTransferMessages } from './messages.ts'

/**
 * Where "Repeat this" takes a completed transfer the viewer sent (docs/scheduled-transfers.md
 * "Setting one up"): the transfer form it came from, filled in and open on "Schedule or repeat".
 * Null for anything else: money received, a bill, a transfer abroad, one still in flight.
 */
export function repeatHref(transaction: TransactionDetails, viewerId: string): string | null {
  if (transaction.status !== 'completed' || transaction.type !== 'send') return null
  if (transaction.fromUserId !== viewerId) return null
  const common = {
    amount: transaction.amount,
    note: transaction.describedAs ? null : transaction.description,
  }
  const payout = transaction.payout
  if (!payout && transaction.toUserId) {
    return `${CLIENT_ROUTES.sabiTransfer}?${repeatQuery({
      to: transaction.toUserId,
      wallet: transaction.fromWalletId,
      ...common,
    })}`
  }
  if (payout?.kind === 'bank' && payout.details.bankCode && payout.details.accountNumber) {
    return `${CLIENT_ROUTES.bankTransfer}?${repeatQuery({
      bank: payout.details.bankCode,
      account: payout.details.accountNumber,
      name: payout.details.resolvedAccountName || payout.details.accountName,
      ...common,
    })}`
  }
  return null
}

/** Under a transfer's receipt: its schedule, if it was a run of one, and "Repeat this". */
export function RepeatTransfer({ transaction }: { transaction: TransactionDetails }) {
  const t = useScheduledTransferMessages()
  const { user } = useAuth()
  const href = user ? repeatHref(transaction, user.id) : null
  if (!href && !transaction.scheduledTransferId) return null
  return (
    <div className="grid gap-2" data-print-hide>
      {transaction.scheduledTransferId ? (
        <Button asChild variant="outline">
          <Link href={scheduledTransferPath(transaction.scheduledTransferId)}>
            <CalendarClock aria-hidden="true" />
            {t('partOfSchedule')}
          </Link>
        </Button>
      ) : null}
      {href ? (
        <Button asChild variant="outline">
          <Link href={href}>
            <Repeat aria-hidden="true" />
            {t('repeatThis')}
          </Link>
        </Button>
      ) : null}
    </div>
  )
}
