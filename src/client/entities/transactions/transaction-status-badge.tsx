import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { useTransactionMessages } from './messages.ts'

const STATUS_BADGES: Record<
  string,
  {
    variant: NonNullable<BadgeProps['variant']>
    label: 'statusCompleted' | 'statusPending' | 'statusFailed'
  }
> = {
  completed: { variant: 'success', label: 'statusCompleted' },
  pending: { variant: 'warning', label: 'statusPending' },
  failed: { variant: 'destructive', label: 'statusFailed' },
}

/** Completed, Pending or Failed; any other status shows no badge (docs/screens.md). */
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
