import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'

/** One group of settings: an icon, a heading and a line about it, then its rows. */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  children,
  tone = 'default',
  testId,
}: {
  icon: LucideIcon
  title: string
  description: string
  children: ReactNode
  /** The danger zone is drawn in the destructive colour so nobody walks into it. */
  tone?: 'default' | 'danger'
  testId?: string
}) {
  const headingId = useId()
  return (
    <Card
      className={cn('min-w-0', tone === 'danger' && 'border-destructive/40')}
      data-testid={testId}
    >
      <section aria-labelledby={headingId}>
        <div className="flex items-start gap-3 p-5 pb-3">
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-xl',
              tone === 'danger'
                ? 'bg-destructive/10 text-destructive'
                : 'bg-secondary text-secondary-foreground',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold leading-tight">
              {title}
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        <div className="divide-y px-5 pb-2">{children}</div>
      </section>
    </Card>
  )
}

/**
 * One setting: its name and a line about it on the left, its control on the right. The ids
 * let a switch be announced with its name and description.
 */
export function SettingRow({
  label,
  description,
  labelId,
  descriptionId,
  children,
  stacked = false,
}: {
  label: ReactNode
  description?: ReactNode
  labelId?: string
  descriptionId?: string
  children?: ReactNode
  /** The control goes under the text (a select, a form) rather than beside it. */
  stacked?: boolean
}) {
  return (
    <div className={cn('py-4', stacked ? 'grid gap-3' : 'flex items-center justify-between gap-4')}>
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  )
}
