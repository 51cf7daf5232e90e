import { type Check, Flag, Search, SearchX, Undo2, X } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useDispute } from '#client/entities/disputes/use-disputes.ts'
import { ApiError } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import type { DisputeDetails, DisputeTimelineKind } from '#shared/schemas/disputes.ts'
import { DisputeSummary } from './dispute-summary.tsx'
import { useDisputeMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useDisputeMessages>>[0]

const STEPS: Record<DisputeTimelineKind, { label: MessageKey; icon: typeof Check; tone: string }> =
  {
    opened: {
      label: 'eventOpened',
      icon: Flag,
      tone: 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300',
    },
    in_review: {
      label: 'eventInReview',
      icon: Search,
      tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
    },
    refunded: {
      label: 'eventRefunded',
      icon: Undo2,
      tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
    },
    declined: {
      label: 'eventDeclined',
      icon: X,
      tone: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
    },
  }

/** Each step of the report, oldest first, with the words that came with it. */
function DisputeTimeline({ dispute }: { dispute: DisputeDetails }) {
  const t = useDisputeMessages()
  return (
    <ol className="grid grid-cols-1" data-testid="dispute-timeline">
      {dispute.events.map((event, index) => {
        const step = STEPS[event.kind]
        const Icon = step.icon
        const last = index === dispute.events.length - 1
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are appended, never reordered.
            key={index}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="dispute-step"
            data-kind={event.kind}
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-1 left-[1.0625rem] w-0.5 rounded-full bg-border"
              />
            )}
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                step.tone,
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="text-sm font-semibold">{t(step.label)}</p>
                <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                  {formatDate(event.createdAt, 'dayTime')}
                </time>
              </div>
              {event.note ? (
                <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-foreground">
                  {event.note}
                </p>
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}

function NotFoundState() {
  const t = useDisputeMessages()
  return (
    <Card>
      <div
        className="flex flex-col items-center px-4 py-12 text-center"
        data-testid="dispute-not-found"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('notFoundTitle')}</h2>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('notFoundText')}</p>
        <Button asChild className="mt-5">
          <Link href={CLIENT_ROUTES.disputes}>{t('myReports')}</Link>
        </Button>
      </div>
    </Card>
  )
}

/** One report (docs/screens.md "My reports"): what it is about and each step since. */
export function DisputeDetailsView({ id }: { id: string }) {
  const t = useDisputeMessages()
  const dispute = useDispute(id)
  if (dispute.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="grid gap-4">
        <div className="h-64 animate-pulse rounded-xl bg-muted" />
        <div className="h-40 animate-pulse rounded-xl bg-muted" />
      </div>
    )
  }
  if (dispute.isError) {
    const error = dispute.error
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <NotFoundState />
    }
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
        <p className="text-sm text-muted-foreground">{t('detailsUnavailable')}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={dispute.isFetching}
          onClick={() => {
            void dispute.refetch()
          }}
        >
          {t('retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="min-w-0 p-4 sm:p-5">
        <section aria-labelledby="dispute-problem-heading" className="grid gap-3">
          <h2 id="dispute-problem-heading" className="sr-only">
            {t('problemHeading')}
          </h2>
          <DisputeSummary dispute={dispute.data} />
        </section>
      </Card>
      <Card className="min-w-0">
        <section aria-labelledby="dispute-timeline-heading" className="p-5 sm:p-6">
          <h2 id="dispute-timeline-heading" className="mb-4 text-base font-semibold">
            {t('timelineHeading')}
          </h2>
          <DisputeTimeline dispute={dispute.data} />
        </section>
      </Card>
    </div>
  )
}
