import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import type { PaymentRequestStatus } from '#shared/schemas/payment-requests.ts'
import { useReceiveMessages } from './messages.ts'

const BADGES: Record<
  PaymentRequestStatus,
  {
    variant: NonNullable<BadgeProps['variant']>
    label: 'statusOpen' | 'statusPaid' | 'statusCancelled' | 'statusExpired'
  }
> = {
  open: { variant: 'secondary', label: 'statusOpen' },
  paid: { variant: 'success', label: 'statusPaid' },
  cancelled: { variant: 'outline', label: 'statusCancelled' },
  expired: { variant: 'warning', label: 'statusExpired' },
}

/** Open, Paid, Cancelled or Expired: where a payment request stands. */
export function PaymentRequestStatusBadge({ status }: { status: PaymentRequestStatus }) {
  const t = useReceiveMessages()
  const badge = BADGES[status]
  return (
    <Badge variant={badge.variant} data-testid="payment-request-status">
      {t(badge.label)}
    </Badge>
  )
}
