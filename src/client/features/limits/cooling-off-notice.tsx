import { Clock } from 'lucide-react'
import { formatDate } from '#client/lib/format-date.ts'
import type { Limits } from '#shared/schemas/limits.ts'
import { useLimitsMessages } from './messages.ts'
import { naira } from './naira.ts'

/**
 * While outgoing money cools off after a recovery or a sign-in detail changed
 * (docs/security.md "Cooling-off"): until when, and how much may still be sent. Nothing otherwise.
 */
export function CoolingOffNotice({ coolingOff }: { coolingOff: Limits['coolingOff'] }) {
  const t = useLimitsMessages()
  if (!coolingOff) return null
  return (
    <div
      role="status"
      data-testid="cooling-off-notice"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        {t('coolingOff', {
          until: formatDate(coolingOff.until, 'dayTime'),
          amount: naira(coolingOff.remaining),
        })}
      </p>
    </div>
  )
}
