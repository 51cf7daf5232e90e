import { CalendarClock, ChevronRight, Landmark, Users } from 'lucide-react'
import { Link } from 'wouter'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import {
  scheduledTransferPath,
  useScheduledTransfers,
} from '#client/entities/scheduled-transfers/use-scheduled-transfers.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { useScheduledTransferMessages } from './messages.ts'
import { ScheduleSummary } from './schedule-summary.tsx'

/** Where a new schedule is set up: the transfer forms, each with its "Schedule or repeat". */
export function NewScheduleLinks() {
  const t = useScheduledTransferMessages()
  return (
    <div className="grid gap-2 min-[420px]:grid-cols-2">
      <Button asChild variant="outline">
        <Link href={`${CLIENT_ROUTES.sabiTransfer}?schedule=1`}>
          <Users aria-hidden="true" />
          {t('newToUser')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link href={`${CLIENT_ROUTES.bankTransfer}?schedule=1`}>
          <Landmark aria-hidden="true" />
          {t('newToBank')}
        </Link>
      </Button>
    </div>
  )
}

/** `/scheduled-transfers`: the user's schedules, newest first, each linking to its details. */
export function ScheduledTransferList() {
  const t = useScheduledTransferMessages()
  const schedules = useScheduledTransfers()
  const state = (
    <PageLoadState
      query={schedules}
      loadingLabel={t('loading')}
      failedText={t('unavailable')}
      retryLabel={t('retry')}
    />
  )
  if (!schedules.data) return state
  if (schedules.data.length === 0) {
    return (
      <Card>
        <div
          className="flex flex-col items-center px-4 py-10 text-center"
          data-testid="schedules-empty"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <CalendarClock className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 font-semibold">{t('empty')}</p>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('emptyText')}</p>
          <div className="mt-5 w-full max-w-md">
            <NewScheduleLinks />
          </div>
        </div>
      </Card>
    )
  }
  return (
    <div className="grid gap-4">
      <NewScheduleLinks />
      <ul className="grid gap-3" data-testid="schedule-list">
        {schedules.data.map((schedule) => (
          <li key={schedule.id} data-testid="schedule-item">
            <Card className="grid gap-3 p-4 sm:p-5">
              <ScheduleSummary schedule={schedule} />
              <Button asChild variant="ghost" size="sm" className="justify-self-end">
                <Link href={scheduledTransferPath(schedule.id)}>
                  {t('seeSchedule')}
                  <ChevronRight aria-hidden="true" />
                </Link>
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
