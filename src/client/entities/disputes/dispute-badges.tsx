import { Flag } from 'lucide-react'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import type { DisputeMark, DisputeOutcome, DisputeStatus } from '#shared/schemas/dispute-states.ts'
import { useDisputeStatusMessages } from './messages.ts'

type StatusKey = 'statusOpen' | 'statusInReview' | 'statusRefunded' | 'statusDeclined'

/** A report's status as its badge words and colours it: open and in review are still waiting. */
export function disputeStatusLook(
  status: DisputeStatus,
  outcome: DisputeOutcome | null,
): { label: StatusKey; variant: NonNullable<BadgeProps['variant']> } {
  if (status === 'open') return { label: 'statusOpen', variant: 'warning' }
  if (status === 'in_review') return { label: 'statusInReview', variant: 'caution' }
  return outcome === 'refunded'
    ? { label: 'statusRefunded', variant: 'success' }
    : { label: 'statusDeclined', variant: 'neutral' }
}

/** Open, In review, Resolved — refunded, Resolved — declined (docs/disputes.md "Statuses"). */
export function DisputeStatusBadge({
  status,
  outcome,
}: {
  status: DisputeStatus
  outcome: DisputeOutcome | null
}) {
  const t = useDisputeStatusMessages()
  const look = disputeStatusLook(status, outcome)
  return (
    <Badge variant={look.variant} className="whitespace-normal" data-testid="dispute-status">
      {t(look.label)}
    </Badge>
  )
}

/**
 * "Reported" on a transaction the viewer reported (docs/screens.md "Transaction History"), or
 * "Report resolved" once it is; nothing for a transaction never reported.
 */
export function ReportedBadge({ mark }: { mark: DisputeMark | null | undefined }) {
  const t = useDisputeStatusMessages()
  if (!mark) return null
  const resolved = mark.status === 'resolved'
  return (
    <Badge
      variant={resolved ? 'neutral' : 'caution'}
      className="gap-1 whitespace-nowrap"
      data-testid="transaction-reported"
    >
      <Flag className="size-3" aria-hidden="true" />
      {t(resolved ? 'reportResolved' : 'reported')}
    </Badge>
  )
}
