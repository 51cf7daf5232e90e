import { formatAmount } from '#client/lib/format-amount.ts'
import type { Pocket } from '#shared/schemas/pockets.ts'
import { usePocketMessages } from './messages.ts'

/** How far a pocket is toward its target: a bar and "40% of ₦500,000.00". Nothing without one. */
export function PocketProgress({ pocket }: { pocket: Pocket }) {
  const t = usePocketMessages()
  if (pocket.progress === null || pocket.targetAmount === null) return null
  const target = formatAmount(pocket.targetAmount, { code: pocket.currency, symbol: pocket.symbol })
  const label = t('ofTarget', { progress: pocket.progress, target })
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pocket.progress}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${pocket.progress}%` }} />
      </div>
      <p className="text-xs text-muted-foreground wrap-anywhere" data-testid="pocket-progress">
        {label}
      </p>
    </div>
  )
}
