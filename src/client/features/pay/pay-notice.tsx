import { AlertTriangle, CheckCircle2, Info, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'

const TONES: Record<'success' | 'warning' | 'info', { icon: LucideIcon; className: string }> = {
  success: {
    icon: CheckCircle2,
    className: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
  },
  warning: {
    icon: AlertTriangle,
    className: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  info: { icon: Info, className: 'bg-secondary text-secondary-foreground' },
}

/**
 * Where a payment link stands when there is nothing to pay (paid, cancelled, expired, changed,
 * not valid) or once it has been paid: an icon, a heading, a sentence and what to do next.
 * `state` names the case for tests and styles; no Pay button is ever part of it.
 */
export function PayNotice({
  state,
  tone,
  title,
  text,
  children,
}: {
  state: string
  tone: keyof typeof TONES
  title: string
  text?: string
  children?: ReactNode
}) {
  const { icon: Icon, className } = TONES[tone]
  return (
    <Card>
      <section
        aria-labelledby="pay-notice-heading"
        className="flex flex-col items-center px-5 py-8 text-center"
        data-testid="pay-state"
        data-state={state}
      >
        <span className={cn('flex size-14 items-center justify-center rounded-full', className)}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h2 id="pay-notice-heading" className="mt-4 text-lg font-semibold">
          {title}
        </h2>
        {text ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p> : null}
        {children ? (
          <div className="mt-5 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div>
        ) : null}
      </section>
    </Card>
  )
}
