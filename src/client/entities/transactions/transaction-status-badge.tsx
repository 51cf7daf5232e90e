import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { useTransactionMessages } from './messages.ts'

const STATUS_BADGES: Record<
  string,
  {
    variant: NonNullable<BadgeProps['variant']>
    label: 'statusCompleted' | 'statusPending' | 'statusFailed' | 'statusHeld' | 'statusReversed'
  }
> = {
  completed: { variant: 'success', label: 'statusCompleted' },
  pending: { variant: 'warning', label: 'statusPending' },
  failed: { variant: 'destructive', label: 'statusFailed' },
  // A bank transfer received over the user's KYC limit, credited once they move up a tier.
  held: { variant: 'caution', label: 'statusHeld' },
  // A payout the bank paid and later took back: the money is back in the wallet.
  reversed: { variant: 'neutral', label: 'statusReversed' },
}

/**
 * Completed, Pending or Failed (docs/screens.md), Received over the limit, or Reversed; any other
 * status shows no badge.
 */
export function TransactionStatusBadge({ status }: { status: string }) {
  const t = useTransactionMessages()
  const badge = STATUS_BADGES[status]
  if (!badge) return null
  return (
    <Badge variant={badge.variant} data-testid="transaction-status">
      {t(badge.label)}
    </Badge>
  )
}
