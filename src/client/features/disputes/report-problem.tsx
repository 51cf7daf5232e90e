import { ChevronRight, Flag } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { DisputeStatusBadge } from '#client/entities/disputes/dispute-badges.tsx'
import { disputePath } from '#client/entities/disputes/use-disputes.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { useDisputeMessages } from './messages.ts'
import { ReportDialog } from './report-dialog.tsx'

/**
 * Under a transaction's receipt (docs/screens.md "Report a problem"): "Report a problem", or,
 * while the viewer's report on it is open or in review, that report's status and the way to it
 * instead of a second report. Once resolved, the last report is shown and a new one may be made.
 */
export function ReportProblem({ transaction }: { transaction: TransactionDetails }) {
  const t = useDisputeMessages()
  const [open, setOpen] = useState(false)
  const mark = transaction.dispute ?? null
  const waiting = mark !== null && mark.status !== 'resolved'
  return (
    <div className="grid gap-2" data-print-hide>
      {mark ? (
        <Link
          href={disputePath(mark.id)}
          className="flex items-center gap-3 rounded-xl border bg-card p-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="transaction-report"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300">
            <Flag className="size-4" aria-hidden="true" />
          </span>
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="text-sm font-medium break-words">
              {waiting ? t('reportOpenTitle') : t('reportResolvedTitle')}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <DisputeStatusBadge status={mark.status} outcome={mark.outcome} />
              <span className="font-mono text-xs text-muted-foreground wrap-anywhere">
                {mark.reference}
              </span>
            </span>
          </span>
          <span className="sr-only">{t('seeReport')}</span>
          <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </Link>
      ) : null}
      {waiting ? null : (
        <Button
          type="button"
          variant="outline"
          onClick={() => setOpen(true)}
          data-testid="report-problem"
        >
          <Flag aria-hidden="true" />
          {t('reportProblem')}
        </Button>
      )}
      <ReportDialog transactionId={transaction.id} open={open} onOpenChange={setOpen} />
    </div>
  )
}
