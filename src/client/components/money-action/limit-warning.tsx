import { AlertTriangle } from 'lucide-react'
import { Link } from 'wouter'
import type { LimitCheck } from '#shared/schemas/limits.ts'
import { useMoneyActionMessages } from './messages.ts'

/**
 * Said before the PIN when a payment is over the sender's limit, in the words the server would
 * refuse it with (they name what is still allowed), and the way to raise the limit.
 */
export function LimitWarning({ check }: { check: LimitCheck }) {
  const t = useMoneyActionMessages()
  if (check.allowed || !check.message) return null
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="limit-warning"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t('limitTitle')}
      </p>
      <p>{check.message}</p>
      <Link href="/limits" className="font-medium underline underline-offset-4">
        {t('limitRaise')}
      </Link>
    </div>
  )
}
