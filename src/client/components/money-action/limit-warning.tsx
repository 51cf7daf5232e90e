import { AlertTriangle } from 'lucide-react'
import { Link } from 'wouter'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { LimitCheck, LimitCheckCode } from '#shared/schemas/limits.ts'
import { useMoneyActionMessages } from './messages.ts'

/** The limits are counted in naira (docs/limits.md), so the warning's amount is too. */
const NAIRA = { code: 'NGN', symbol: '₦' }

const REFUSAL_KEYS = {
  SINGLE_MAX: 'limitSingleMax',
  DAILY_REMAINING: 'limitDailyRemaining',
  DAILY_REACHED: 'limitDailyReached',
} as const satisfies Record<LimitCheckCode, string>

/**
 * Said before the PIN when a payment is over the sender's limit, with what is still allowed,
 * and the way to raise the limit. The words are the catalog's for the answer's code, the amount
 * written in the user's language (docs/i18n.md "Server messages"), so the warning reads as the
 * rest of the screen does.
 */
export function LimitWarning({ check }: { check: LimitCheck }) {
  const t = useMoneyActionMessages()
  if (check.allowed || !check.code || !check.params) return null
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
      <p>{t(REFUSAL_KEYS[check.code], { amount: formatAmount(check.params.amount, NAIRA) })}</p>
      <Link href="/limits" className="font-medium underline underline-offset-4">
        {t('limitRaise')}
      </Link>
    </div>
  )
}
