import { Check, Clock, Send, X } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'

type StepState = 'done' | 'current' | 'failed' | 'waiting'

/** The words of each step; each money-out screen says them its own way. */
export type PayoutStepLabels = Record<
  'pending' | 'sent' | 'completed' | 'failed',
  { label: string; text: string }
>

type Step = { key: keyof PayoutStepLabels; state: StepState; icon: typeof Check }

/** Where a payout stands: initiated, sent to the provider, then completed or failed. */
function stepsOf(transaction: TransactionDetails): Step[] {
  const statuses = new Set(transaction.events.map((event) => event.status))
  const failed = transaction.status === 'failed'
  const completed = transaction.status === 'completed'
  const sent = statuses.has('submitted') || completed
  return [
    { key: 'pending', state: 'done', icon: Clock },
    { key: 'sent', state: sent ? 'done' : failed ? 'waiting' : 'current', icon: Send },
    failed
      ? { key: 'failed', state: 'failed', icon: X }
      : { key: 'completed', state: completed ? 'done' : sent ? 'current' : 'waiting', icon: Check },
  ]
}

const STEP_TONES: Record<StepState, string> = {
  done: 'bg-primary text-primary-foreground',
  current: 'border-2 border-primary bg-card text-primary',
  failed: 'bg-destructive text-destructive-foreground',
  waiting: 'border-2 border-border bg-card text-muted-foreground',
}

/** The three steps of a payout in a row, the current one pulsing, for the progress panels. */
export function PayoutSteps({
  transaction,
  labels,
  testId,
}: {
  transaction: TransactionDetails
  labels: PayoutStepLabels
  testId: string
}) {
  return (
    <ol className="mt-4 grid grid-cols-3 gap-1" data-testid={testId}>
      {stepsOf(transaction).map((step, index) => {
        const Icon = step.icon
        return (
          <li
            key={step.key}
            className="relative flex flex-col items-center text-center"
            data-state={step.state}
          >
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-4 right-1/2 h-0.5 w-[calc(100%+0.25rem)]',
                  step.state === 'waiting' ? 'bg-border' : 'bg-primary/60',
                )}
              />
            ) : null}
            <span
              className={cn(
                'relative z-10 flex size-8 items-center justify-center rounded-full',
                STEP_TONES[step.state],
              )}
            >
              <Icon
                className={cn(
                  'size-4',
                  step.state === 'current' && 'animate-pulse motion-reduce:animate-none',
                )}
                aria-hidden="true"
              />
            </span>
            <span className="mt-1.5 text-xs font-semibold">{labels[step.key].label}</span>
            <span className="text-[0.6875rem] leading-tight text-muted-foreground">
              {labels[step.key].text}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
