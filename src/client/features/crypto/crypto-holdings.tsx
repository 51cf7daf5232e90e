import { Coins } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { formatAmount, formatCryptoQuantity } from '#client/lib/format-amount.ts'
import { BALANCE_MASK } from '#client/lib/hide-balances.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { add, type Money, parseMoney, zero } from '#shared/money.ts'
import type { CryptoHolding } from '#shared/schemas/exchange.ts'
import { CryptoIcon } from './crypto-icon.tsx'
import { USD_CURRENCY } from './crypto-quantity.ts'
import { useCryptoMessages } from './messages.ts'
import { useCryptoHoldings } from './use-crypto.ts'

/** Every holding's dollar value added up, in cents, never through a float. */
export function totalUsdValue(holdings: readonly CryptoHolding[]): Money<'USD'> {
  return holdings.reduce<Money<'USD'>>((sum, holding) => {
    const value = parseMoney(holding.usdValue, 'USD')
    return value.ok ? add(sum, value.value) : sum
  }, zero('USD'))
}

/**
 * One holding: the coin, how much of it (8 decimals) and what it is worth now; masked where the
 * dashboard's eye hides balances (docs/offline.md "Data saver and hidden balances").
 */
export function HoldingRow({
  holding,
  hidden = false,
}: {
  holding: CryptoHolding
  hidden?: boolean
}) {
  const t = useCryptoMessages()
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3"
      data-testid={`crypto-holding-${holding.code}`}
    >
      <CryptoIcon code={holding.code} symbol={holding.symbol} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold wrap-break-word">{holding.name}</span>
        <span className="amount block text-xs text-muted-foreground">
          {t('quantity', {
            amount: hidden ? BALANCE_MASK : formatCryptoQuantity(holding.amount),
            code: holding.code,
          })}
        </span>
      </span>
      <span className="amount ml-auto text-sm font-semibold">
        {t('holdingValue', {
          value: hidden ? BALANCE_MASK : formatAmount(holding.usdValue, USD_CURRENCY),
        })}
      </span>
    </li>
  )
}

/** The user's crypto on the Buy Crypto page, with an empty state before the first purchase. */
export function CryptoHoldings() {
  const t = useCryptoMessages()
  const { isAuthenticated } = useAuth()
  const holdings = useCryptoHoldings({ enabled: isAuthenticated })
  return (
    <Card>
      <section aria-labelledby="crypto-holdings-heading" className="p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="crypto-holdings-heading" className="text-base font-semibold">
            {t('holdingsHeading')}
          </h2>
          {holdings.data && holdings.data.length > 0 ? (
            <p className="text-right text-xs text-muted-foreground">
              {t('holdingsTotal')}{' '}
              <span
                className="text-sm font-semibold text-foreground tabular-nums"
                data-testid="crypto-holdings-total"
              >
                {t('holdingValue', {
                  value: formatAmount(totalUsdValue(holdings.data), USD_CURRENCY),
                })}
              </span>
            </p>
          ) : null}
        </div>
        {holdings.isPending ? (
          <div role="status" aria-label={t('holdingsLoading')} className="mt-3 grid gap-2">
            <div className="h-12 animate-pulse rounded-lg bg-muted" />
            <div className="h-12 animate-pulse rounded-lg bg-muted" />
          </div>
        ) : holdings.isError ? (
          <div className="mt-3 flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
            <p className="text-sm text-muted-foreground">{t('holdingsUnavailable')}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                void holdings.refetch()
              }}
            >
              {t('retry')}
            </Button>
          </div>
        ) : holdings.data.length === 0 ? (
          <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed px-4 py-8 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Coins className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-3 text-sm font-semibold">{t('holdingsEmpty')}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t('holdingsEmptyText')}</p>
          </div>
        ) : (
          <ul className="mt-2 divide-y">
            {holdings.data.map((holding) => (
              <HoldingRow key={holding.cryptoCurrencyId} holding={holding} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}
