import {
  describeSchedule,
  formatScheduleDay,
} from '#client/components/schedule/describe-schedule.ts'
import { useScheduleMessages } from '#client/components/schedule/messages.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { RETRY_HOUR_LAGOS } from '#shared/schedule-dates.ts'
import type { ScheduledTransfer } from '#shared/schemas/scheduled-transfers.ts'
import { useScheduledTransferMessages } from './messages.ts'
import { ScheduleStatus } from './schedule-status.tsx'

/** Whether the next attempt is the 18:00 second try of an occurrence that was short. */
export function isRetryNext(schedule: Pick<ScheduledTransfer, 'nextAttemptAt'>): boolean {
  if (!schedule.nextAttemptAt) return false
  // 18:00 Lagos is 17:00 UTC all year (Lagos keeps UTC+1).
  return new Date(schedule.nextAttemptAt).getUTCHours() === RETRY_HOUR_LAGOS - 1
}

/** A schedule at a glance: to whom, how much, how often, and what comes next. */
export function ScheduleSummary({ schedule }: { schedule: ScheduledTransfer }) {
  const t = useScheduledTransferMessages()
  const s = useScheduleMessages()
  const amount = formatAmount(schedule.amount, { code: schedule.currency, symbol: schedule.symbol })
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold wrap-break-word" data-testid="schedule-payee">
          {schedule.payeeName}
        </p>
        <ScheduleStatus status={schedule.status} />
      </div>
      <p className="text-lg font-bold tabular-nums wrap-anywhere" data-testid="schedule-amount">
        {amount}
      </p>
      <p className="text-sm text-muted-foreground">{describeSchedule(schedule, s)}</p>
      {schedule.status === 'active' && schedule.nextRunDate ? (
        <p className="text-sm font-medium" data-testid="schedule-next">
          {isRetryNext(schedule)
            ? t('retryAt', { date: formatScheduleDay(schedule.nextRunDate) })
            : t('nextOn', { date: formatScheduleDay(schedule.nextRunDate) })}
        </p>
      ) : null}
    </div>
  )
}
