import { ChevronRight, Flag, History } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { disputePath, useDisputes } from '#client/entities/disputes/use-disputes.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { DisputeSummary } from './dispute-summary.tsx'
import { useDisputeMessages } from './messages.ts'

function EmptyState() {
  const t = useDisputeMessages()
  return (
    <Card>
      <div
        className="flex flex-col items-center px-4 py-10 text-center"
        data-testid="disputes-empty"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Flag className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 font-semibold">{t('empty')}</p>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('emptyText')}</p>
        <Button asChild className="mt-5">
          <Link href={CLIENT_ROUTES.transactions}>
            <History aria-hidden="true" />
            {t('goToHistory')}
          </Link>
        </Button>
      </div>
    </Card>
  )
}

/** My reports (docs/screens.md "My reports"): the customer's reports, newest first. */
export function DisputeList() {
  const t = useDisputeMessages()
  const disputes = useDisputes()
  if (disputes.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="grid gap-3">
        <div className="h-48 animate-pulse rounded-xl bg-muted" />
        <div className="h-48 animate-pulse rounded-xl bg-muted" />
      </div>
    )
  }
  if (disputes.isError) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
        <p className="text-sm text-muted-foreground">{t('unavailable')}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={disputes.isFetching}
          onClick={() => {
            void disputes.refetch()
          }}
        >
          {t('retry')}
        </Button>
      </div>
    )
  }
  const items = disputes.data.pages.flatMap((page) => page.items)
  if (items.length === 0) return <EmptyState />
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" data-testid="dispute-list">
        {items.map((dispute) => (
          <li key={dispute.id} data-testid="dispute-item">
            <Card className="grid gap-3 p-4 sm:p-5">
              <DisputeSummary dispute={dispute} />
              <Button asChild variant="ghost" size="sm" className="justify-self-end">
                <Link href={disputePath(dispute.id)}>
                  {t('seeReport')}
                  <ChevronRight aria-hidden="true" />
                </Link>
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {disputes.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={disputes.isFetchingNextPage}
            onClick={() => {
              void disputes.fetchNextPage()
            }}
          >
            {disputes.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
