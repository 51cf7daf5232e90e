import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import type { PosSale } from '#shared/schemas/pos.ts'
import { isQrSaleExpired } from '../../entities/pos/pos-api.ts'
import { usePosMessages } from './messages.ts'

type StatusLabel =
  | 'statusCompleted'
  | 'statusPending'
  | 'statusCancelled'
  | 'statusFailed'
  | 'statusExpired'

const BADGES: Record<string, { variant: NonNullable<BadgeProps['variant']>; label: StatusLabel }> =
  {
    completed: { variant: 'success', label: 'statusCompleted' },
    pending: { variant: 'warning', label: 'statusPending' },
    cancelled: { variant: 'outline', label: 'statusCancelled' },
    failed: { variant: 'destructive', label: 'statusFailed' },
    expired: { variant: 'outline', label: 'statusExpired' },
  }

/**
 * Completed, Pending, Cancelled or Failed; a QR sale whose code ran out while it waited reads
 * as Expired (the server keeps it pending: nobody can pay it any more).
 */
export function SaleStatusBadge({ sale, nowMs }: { sale: PosSale; nowMs: number }) {
  const t = usePosMessages()
  const badge = BADGES[isQrSaleExpired(sale, nowMs) ? 'expired' : sale.status]
  if (!badge) return null
  return (
    <Badge variant={badge.variant} data-testid="pos-sale-status">
      {t(badge.label)}
    </Badge>
  )
}
