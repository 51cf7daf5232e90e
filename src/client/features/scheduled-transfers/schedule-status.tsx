import { Badge } from '#client/components/ui/badge.tsx'
import type { ScheduledTransfer } from '#shared/schemas/scheduled-transfers.ts'
import { useScheduledTransferMessages } from './messages.ts'

const VARIANTS = { active: 'success', paused: 'warning', ended: 'neutral' } as const

/** A schedule's state as a badge: Active, Paused or Ended. */
export function ScheduleStatus({ status }: { status: ScheduledTransfer['status'] }) {
  const t = useScheduledTransferMessages()
  const label = { active: t('statusActive'), paused: t('statusPaused'), ended: t('statusEnded') }
  return (
    <Badge variant={VARIANTS[status]} data-testid="schedule-status">
      {label[status]}
    </Badge>
  )
}
