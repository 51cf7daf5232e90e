import { Badge } from '#client/components/ui/badge.tsx'
import type { DisputeStatus } from '#shared/schemas/dispute-states.ts'
import type { MoneyProposal } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from '../messages.ts'

export function DisputeStatusBadge({
  status,
  outcome,
}: {
  status: DisputeStatus
  outcome: 'refunded' | 'declined' | null
}) {
  if (status === 'resolved') {
    return (
      <Badge variant={outcome === 'refunded' ? 'success' : 'neutral'}>
        {outcome ? OPS_TEXT.outcomes[outcome] : OPS_TEXT.disputeStatuses.resolved}
      </Badge>
    )
  }
  return (
    <Badge variant={status === 'open' ? 'warning' : 'secondary'}>
      {OPS_TEXT.disputeStatuses[status]}
    </Badge>
  )
}

export function ProposalStatusBadge({ status }: { status: MoneyProposal['status'] }) {
  const variant = status === 'executed' ? 'success' : status === 'pending' ? 'warning' : 'neutral'
  return <Badge variant={variant}>{OPS_TEXT.proposalStatuses[status]}</Badge>
}

export function FrozenBadge({ frozen }: { frozen: boolean }) {
  return frozen ? (
    <Badge variant="destructive">{OPS_TEXT.customers.frozen}</Badge>
  ) : (
    <Badge variant="outline">{OPS_TEXT.customers.active}</Badge>
  )
}
