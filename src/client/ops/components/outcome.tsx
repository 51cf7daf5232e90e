import { CircleAlert, CircleCheck, Clock } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

export type OutcomeTone = 'success' | 'warning' | 'neutral' | 'error'

const tones = {
  success:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200',
  neutral: 'border-border bg-muted text-foreground',
  error: 'border-destructive/30 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200',
} as const

/**
 * What the last action came to ("The dispute is now in review", "Waiting for a second
 * operator"), announced when it appears; a failure is announced at once.
 */
export function Outcome({
  tone,
  message,
  testId,
}: {
  tone: OutcomeTone
  message: string | null
  testId?: string
}) {
  if (!message) return null
  const Icon = tone === 'success' ? CircleCheck : tone === 'warning' ? Clock : CircleAlert
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex items-start gap-2 rounded-lg border p-3 text-sm', tones[tone])}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  )
}
