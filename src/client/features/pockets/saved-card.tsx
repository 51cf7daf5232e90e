import { ChevronRight, PiggyBank } from 'lucide-react'
import { Link } from 'wouter'
import { Card } from '#client/components/ui/card.tsx'
import { usePockets } from '#client/entities/pockets/use-pockets.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { BALANCE_MASK, useHideBalances } from '#client/lib/hide-balances.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { usePocketMessages } from './messages.ts'
import { PocketProgress } from './pocket-progress.tsx'

/** Pockets the dashboard shows, the ones made first. */
const SHOWN = 3

/**
 * The dashboard's "Saved" (docs/pockets.md): what the pockets hold per currency and the first few
 * with their progress, or a way to start saving.
 */
export function SavedCard({ enabled }: { enabled: boolean }) {
  const t = usePocketMessages()
  const pockets = usePockets({ enabled })
  const [hidden] = useHideBalances()
  if (!pockets.data) return null
  const { items, saved } = pockets.data
  return (
    <Card>
      <section aria-labelledby="dashboard-saved-heading" className="p-5" data-testid="saved-card">
        <div className="flex items-center justify-between gap-3">
          <h2
            id="dashboard-saved-heading"
            className="flex items-center gap-2 text-base font-semibold"
          >
            <PiggyBank className="size-4 text-primary" aria-hidden="true" />
            {t('savedHeading')}
          </h2>
          <Link
            href={CLIENT_ROUTES.pockets}
            className="inline-flex items-center gap-0.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {items.length === 0 ? t('startSaving') : t('seePockets')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        {items.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('emptyText')}</p>
        ) : (
          <>
            <ul className="mt-1 grid gap-0.5" data-testid="saved-totals">
              {saved.map((total) => (
                <li key={total.currency} className="text-lg font-bold tabular-nums wrap-anywhere">
                  {hidden
                    ? BALANCE_MASK
                    : formatAmount(total.amount, { code: total.currency, symbol: total.symbol })}
                </li>
              ))}
            </ul>
            <ul className="mt-3 grid gap-3">
              {items.slice(0, SHOWN).map((pocket) => (
                <li key={pocket.id} className="grid gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="min-w-0 text-sm font-medium wrap-break-word">
                      {pocket.name}
                    </span>
                    <span className="text-sm tabular-nums">
                      {hidden
                        ? BALANCE_MASK
                        : formatAmount(pocket.balance, {
                            code: pocket.currency,
                            symbol: pocket.symbol,
                          })}
                    </span>
                  </div>
                  {hidden ? null : <PocketProgress pocket={pocket} />}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </Card>
  )
}
