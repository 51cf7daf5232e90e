import { ChevronRight } from 'lucide-react'
import { Link } from 'wouter'
import { Card } from '#client/components/ui/card.tsx'
import { formatAmount } from '#client/lib/format-amount.ts'
import { BALANCE_MASK, useHideBalances } from '#client/lib/hide-balances.ts'
import { HoldingRow, totalUsdValue } from './crypto-holdings.tsx'
import { USD_CURRENCY } from './crypto-quantity.ts'
import { useCryptoMessages } from './messages.ts'
import { useCryptoHoldings } from './use-crypto.ts'

/**
 * The dashboard's short view of the user's crypto: each holding with its dollar value, and a
 * way to buy more. Nothing at all is shown until there is something to show.
 */
export function CryptoHoldingsCard({ enabled }: { enabled: boolean }) {
  const t = useCryptoMessages()
  const holdings = useCryptoHoldings({ enabled })
  // The dashboard's eye hides what the user holds here too.
  const [hidden] = useHideBalances()
  if (!holdings.data || holdings.data.length === 0) return null
  return (
    <Card>
      <section aria-labelledby="dashboard-crypto-heading" className="p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id="dashboard-crypto-heading" className="text-base font-semibold">
            {t('dashboardHeading')}
          </h2>
          <Link
            href="/crypto-purchase"
            className="inline-flex items-center gap-0.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('dashboardAction')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          {t('holdingsTotal')}{' '}
          <span
            className="text-sm font-semibold text-foreground tabular-nums"
            data-testid="dashboard-crypto-total"
          >
            {t('holdingValue', {
              value: hidden
                ? BALANCE_MASK
                : formatAmount(totalUsdValue(holdings.data), USD_CURRENCY),
            })}
          </span>
        </p>
        <ul className="mt-1 divide-y">
          {holdings.data.map((holding) => (
            <HoldingRow key={holding.cryptoCurrencyId} holding={holding} hidden={hidden} />
          ))}
        </ul>
      </section>
    </Card>
  )
}
