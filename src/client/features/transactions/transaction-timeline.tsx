import { Check, Clock, Hourglass, Loader2, Send, Undo2, X } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'
import { formatDate } from '#client/lib/format-date.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { timelineStepText } from '../../entities/transactions/failure-text.ts'
import { useTransactionMessages } from '../../entities/transactions/messages.ts'
import { statusLabel } from '../../entities/transactions/transaction-receipt.ts'

const STEP_LOOKS: Record<string, { icon: typeof Check; tone: string }> = {
  pending: {
    icon: Clock,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  submitted: { icon: Send, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300' },
  completed: {
    icon: Check,
    tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
  },
  failed: { icon: X, tone: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300' },
  held: {
    icon: Hourglass,
    tone: 'bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300',
  },
  reversed: {
    icon: Undo2,
    tone: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
  refunded: {
    icon: Undo2,
    tone: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
}
const GENERIC_STEP = { icon: Check, tone: 'bg-muted text-muted-foreground' }

/**
 * Every status the transaction has passed through, oldest first, as a vertical stepper. While it
 * is still pending, a last step says the next update is awaited (the details refresh meanwhile).
 */
export function TransactionTimeline({ transaction }: { transaction: TransactionDetails }) {
  const t = useTransactionMessages()
  const waiting = transaction.status === 'pending'
  return (
    <ol className="grid grid-cols-1" data-testid="transaction-timeline">
      {transaction.events.map((event, index) => {
        const { icon: Icon, tone } = STEP_LOOKS[event.status] ?? GENERIC_STEP
        const last = index === transaction.events.length - 1 && !waiting
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are appended, never reordered.
            key={index}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="timeline-step"
            data-status={event.status}
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-1 left-[1.0625rem] w-0.5 rounded-full bg-border"
              />
            )}
            <span
              className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone)}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="text-sm font-semibold">{statusLabel(event.status, t)}</p>
                <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                  {
                    // Steps follow each other by seconds, so the time carries them; the day is
                    // there for payouts that take longer.
                    formatDate(event.createdAt, 'dayTimeSeconds')
                  }
                </time>
              </div>
              <p className="mt-0.5 text-sm break-words text-muted-foreground">
                {timelineStepText(event, t)}
              </p>
            </div>
          </li>
        )
      })}
      {waiting ? (
        <li className="relative flex gap-3" data-testid="timeline-waiting">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-border text-muted-foreground">
            <Loader2
              className="size-4 animate-spin motion-reduce:animate-none"
              aria-hidden="true"
            />
          </span>
          <p className="pt-2 text-sm text-muted-foreground">{t('timelineWaiting')}</p>
        </li>
      ) : null}
    </ol>
  )
}
