import { ChevronRight, Pause, Play, ShieldCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import {
  describeSchedule,
  formatScheduleDay,
} from '#client/components/schedule/describe-schedule.ts'
import { useScheduleMessages } from '#client/components/schedule/messages.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import {
  type ScheduleChange,
  useChangeScheduledTransfer,
  useScheduledTransfer,
} from '#client/entities/scheduled-transfers/use-scheduled-transfers.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import type {
  ScheduledTransferDetails,
  ScheduledTransferRun,
} from '#shared/schemas/scheduled-transfers.ts'
import { useScheduledTransferMessages } from './messages.ts'
import { ScheduleStatus } from './schedule-status.tsx'
import { isRetryNext } from './schedule-summary.tsx'

type Translate = ReturnType<typeof useScheduledTransferMessages>

/** Why a run did not send, in words, from the refusal's code. */
function reasonOf(run: ScheduledTransferRun, t: Translate, retrying: boolean): string {
  switch (run.failureCode) {
    case 'INSUFFICIENT_FUNDS':
      return retrying ? t('reasonFundsRetry') : t('reasonFunds')
    case 'ACCOUNT_FROZEN':
      return t('reasonFrozen')
    case 'LIMIT_EXCEEDED':
      return t('reasonLimit')
    case 'COOLING_OFF':
      return t('reasonCoolingOff')
    case 'PIN_LOCKED':
      return t('reasonPinLocked')
    case 'NOT_FOUND':
      return t('reasonNotFound')
    default:
      return t('reasonOther')
  }
}

function RunList({ schedule }: { schedule: ScheduledTransferDetails }) {
  const t = useScheduledTransferMessages()
  if (schedule.runs.length === 0)
    return <p className="text-sm text-muted-foreground">{t('noRuns')}</p>
  const label = { completed: t('runCompleted'), skipped: t('runSkipped'), failed: t('runFailed') }
  const variant = { completed: 'success', skipped: 'warning', failed: 'destructive' } as const
  return (
    <ul className="grid divide-y" data-testid="schedule-runs">
      {schedule.runs.map((run) => {
        const retrying =
          run.status === 'skipped' &&
          run.attempts === 1 &&
          schedule.nextRunDate === run.runDate &&
          isRetryNext(schedule)
        return (
          <li key={run.id} className="grid gap-1 py-3" data-testid="schedule-run">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{formatScheduleDay(run.runDate)}</span>
              <Badge variant={variant[run.status]}>{label[run.status]}</Badge>
            </div>
            {run.status === 'completed' && run.transactionId ? (
              <Link
                href={`/transactions/${encodeURIComponent(run.transactionId)}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('seeTransaction')}
                <ChevronRight className="size-4" aria-hidden="true" />
              </Link>
            ) : (
              <p className="text-sm text-muted-foreground">{reasonOf(run, t, retrying)}</p>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function DeleteDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
  busy: boolean
}) {
  const t = useScheduledTransferMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('cancel')}>
        <div className="grid gap-4">
          <DialogTitle>{t('deleteTitle')}</DialogTitle>
          <DialogDescription>{t('deleteText')}</DialogDescription>
          <div className="grid gap-2 sm:grid-cols-[auto_1fr]">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="button" variant="destructive" disabled={busy} onClick={onConfirm}>
              <Trash2 aria-hidden="true" />
              {t('delete')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** `/scheduled-transfers/:id`: one schedule, its standing authorisation, its runs, its controls. */
export function ScheduledTransferDetailsView({ id }: { id: string }) {
  const t = useScheduledTransferMessages()
  const s = useScheduleMessages()
  const [, navigate] = useLocation()
  const showErrorToast = useShowErrorToast()
  const schedule = useScheduledTransfer(id)
  const change = useChangeScheduledTransfer(id)
  const [confirmDelete, setConfirmDelete] = useState(false)

  function apply(kind: ScheduleChange) {
    change.mutate(kind, {
      onSuccess: () => {
        toast({ title: { pause: t('paused'), resume: t('resumed'), delete: t('deleted') }[kind] })
        if (kind === 'delete') navigate(CLIENT_ROUTES.scheduledTransfers)
      },
      onError: (error) =>
        showErrorToast(error, { title: t('changeFailed'), message: t('changeFailed') }),
    })
  }

  if (!schedule.data)
    return (
      <PageLoadState
        query={schedule}
        loadingLabel={t('loading')}
        failedText={t('unavailable')}
        retryLabel={t('retry')}
      />
    )
  const data = schedule.data
  const amount = formatAmount(data.amount, { code: data.currency, symbol: data.symbol })
  const next =
    data.status === 'active' && data.nextRunDate
      ? isRetryNext(data)
        ? t('nextRetryAt', { date: formatScheduleDay(data.nextRunDate) })
        : t('nextAt', { date: formatScheduleDay(data.nextRunDate) })
      : t('none')
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <Card className="grid gap-4 p-5" data-testid="schedule-details">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted-foreground">{t('payTo')}</p>
            <p className="font-semibold wrap-break-word" data-testid="schedule-payee">
              {data.payeeName}
            </p>
            <p className="text-sm text-muted-foreground wrap-anywhere">
              {data.kind === 'sabi'
                ? `@${data.payeeUsername ?? ''}`
                : t('bankAccount', {
                    bank: data.bankName ?? '',
                    account: data.accountNumber ?? '',
                  })}
            </p>
          </div>
          <ScheduleStatus status={data.status} />
        </div>
        <dl className="grid gap-2 rounded-xl border p-3 text-sm">
          <SummaryRow label={t('amount')} value={amount} strong />
          <SummaryRow label={t('howOften')} value={describeSchedule(data, s)} text />
          <SummaryRow label={t('firstTransfer')} value={formatScheduleDay(data.startDate)} text />
          {data.frequency === 'once' ? null : (
            <SummaryRow
              label={t('lastTransfer')}
              value={data.endDate ? formatScheduleDay(data.endDate) : t('noEnd')}
              text
            />
          )}
          <SummaryRow label={t('nextTransfer')} value={next} text testId="schedule-next-transfer" />
        </dl>
        <p className="text-sm text-muted-foreground">
          {t('fromWallet', { currency: data.currency })}
        </p>
        <p
          className="flex items-start gap-2 rounded-lg bg-secondary px-3 py-2.5 text-sm text-secondary-foreground"
          data-testid="schedule-authorisation"
        >
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('authorised', { date: formatDate(data.authorisedAt, 'date') })}
        </p>
        <div className="grid gap-2 min-[360px]:grid-cols-2">
          {data.status === 'active' ? (
            <Button
              type="button"
              variant="outline"
              disabled={change.isPending}
              onClick={() => apply('pause')}
            >
              <Pause aria-hidden="true" />
              {t('pause')}
            </Button>
          ) : null}
          {data.status === 'paused' ? (
            <Button
              type="button"
              variant="outline"
              disabled={change.isPending}
              onClick={() => apply('resume')}
            >
              <Play aria-hidden="true" />
              {t('resume')}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            className="text-destructive"
            disabled={change.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('delete')}
          </Button>
        </div>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="text-base font-semibold">{t('runsTitle')}</h2>
        <RunList schedule={data} />
      </Card>
      <DeleteDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        busy={change.isPending}
        onConfirm={() => {
          setConfirmDelete(false)
          apply('delete')
        }}
      />
    </div>
  )
}
