import { TrendingDown, TrendingUp } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { describeChange } from '#client/lib/format-change.ts'
import type { Cryptocurrency } from '#shared/schemas/reference.ts'
import { CryptoIcon } from './crypto-icon.tsx'
import { formatUsdPrice } from './crypto-quantity.ts'
import { useCryptoMessages } from './messages.ts'
import type { useCryptocurrencies } from './use-crypto.ts'

const SKELETON_COUNT = 4

/**
 * The coins on sale (docs/screens.md "Buy Crypto screen") with the server's price and 24h change,
 * green when it is not a fall and red when it is. Choosing one opens the purchase form.
 */
export function CryptoPicker({
  cryptocurrencies,
  selectedId,
  localPrice,
  onSelect,
  disabled,
}: {
  cryptocurrencies: ReturnType<typeof useCryptocurrencies>
  selectedId: number
  /** The dollar price in the user's display currency, or null to show dollars alone. */
  localPrice: (usdPrice: string) => string | null
  onSelect: (crypto: Cryptocurrency) => void
  disabled: boolean
}) {
  const t = useCryptoMessages()
  if (cryptocurrencies.isError) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
        <p className="text-sm text-muted-foreground">{t('pricesUnavailable')}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void cryptocurrencies.refetch()
          }}
        >
          {t('retry')}
        </Button>
      </div>
    )
  }
  if (cryptocurrencies.isPending) {
    return (
      <div
        role="status"
        aria-label={t('pricesLoading')}
        className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-2"
      >
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <div key={index} className="h-32 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-2">
      {cryptocurrencies.data
        .filter((crypto) => crypto.isActive)
        .map((crypto) => {
          const selected = crypto.id === selectedId
          const change = describeChange(crypto.change)
          const ChangeIcon = change.rising ? TrendingUp : TrendingDown
          const local = localPrice(crypto.price)
          const dollars = formatUsdPrice(crypto.price)
          return (
            <li key={crypto.id} className="min-w-0">
              <button
                type="button"
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onSelect(crypto)}
                data-testid={`crypto-option-${crypto.code}`}
                className={cn(
                  'flex h-full w-full flex-col items-start gap-3 rounded-xl border bg-card p-3 text-left shadow-sm transition-colors hover:bg-muted sm:p-4',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  selected && 'border-primary bg-secondary ring-1 ring-primary hover:bg-secondary',
                )}
              >
                {/* The icon sits above the name on a phone: beside it, "Ethereum" did not fit. */}
                <span className="flex w-full min-w-0 flex-col items-start gap-2 min-[400px]:flex-row min-[400px]:items-center">
                  <CryptoIcon code={crypto.code} symbol={crypto.symbol} className="size-9" />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold wrap-break-word">
                      {crypto.name}
                    </span>
                    <span className="block text-xs text-muted-foreground">{crypto.code}</span>
                  </span>
                </span>
                <span className="w-full min-w-0">
                  <span
                    className="amount block text-sm font-bold sm:text-base"
                    data-testid="crypto-price"
                  >
                    {t('price', { price: local ?? dollars })}
                  </span>
                  {local ? (
                    <span
                      className="amount block text-xs text-muted-foreground"
                      data-testid="crypto-price-usd"
                    >
                      {dollars}
                    </span>
                  ) : null}
                  <span
                    className={cn(
                      'mt-0.5 flex items-start gap-1 text-xs font-semibold tabular-nums',
                      change.rising
                        ? 'text-green-700 dark:text-green-400'
                        : 'text-red-600 dark:text-red-400',
                    )}
                    data-testid="crypto-change"
                  >
                    <ChangeIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0">{t('change24h', { change: change.text })}</span>
                  </span>
                </span>
              </button>
            </li>
          )
        })}
    </ul>
  )
}
