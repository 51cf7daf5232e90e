import { CurrencyFlag } from '#client/components/flag.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { currencyName } from '#client/lib/currency-name.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useExchangeMessages } from './messages.ts'

/** The user's balances beside the exchange, so both sides of a conversion can be seen to move. */
export function ExchangeWallets() {
  const t = useExchangeMessages()
  const { isAuthenticated } = useAuth()
  const wallets = useWallets({ enabled: isAuthenticated })
  return (
    <Card>
      <section aria-labelledby="exchange-wallets-heading" className="p-5">
        <h2 id="exchange-wallets-heading" className="text-base font-semibold">
          {t('walletsHeading')}
        </h2>
        {wallets.isPending ? (
          <div role="status" aria-label={t('walletsLoading')} className="mt-3 grid gap-2">
            <div className="h-12 animate-pulse rounded-lg bg-muted" />
            <div className="h-12 animate-pulse rounded-lg bg-muted" />
          </div>
        ) : wallets.isError ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('walletsUnavailable')}</p>
        ) : wallets.data.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('noWallets')}</p>
        ) : (
          <ul className="mt-2 divide-y">
            {wallets.data.map((wallet) => (
              <li
                key={wallet.id}
                className="flex items-center gap-3 py-3"
                data-testid={`exchange-wallet-${wallet.currency.code}`}
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-xl"
                >
                  <CurrencyFlag flagEmoji={wallet.currency.flagEmoji} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{wallet.currency.code}</span>
                  <span className="block text-xs text-muted-foreground wrap-break-word">
                    {currencyName(wallet.currency)}
                  </span>
                </span>
                <span className="amount shrink-0 text-sm font-semibold">
                  {formatWalletBalance(wallet)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}
