import { Plus } from 'lucide-react'
import { CurrencyFlag } from '#client/components/flag.tsx'
import { useSettings } from '#client/entities/settings/use-settings.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { cn } from '#client/lib/cn.ts'
import { currencyName } from '#client/lib/currency-name.ts'
import { BALANCE_MASK, useHideBalances } from '#client/lib/hide-balances.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useDashboardMessages } from './messages.ts'

const CARD_CLASSES = 'flex w-40 shrink-0 snap-start flex-col rounded-xl border p-4 sm:w-44'

function WalletCard({ wallet }: { wallet: Wallet }) {
  const t = useDashboardMessages()
  const [hidden] = useHideBalances()
  const balance = formatWalletBalance(wallet)
  return (
    <li className={cn(CARD_CLASSES, 'bg-card shadow-sm')} data-testid="wallet-card">
      <div className="flex items-center gap-2">
        <CurrencyFlag flagEmoji={wallet.currency.flagEmoji} className="text-2xl" />
        <span className="min-w-0">
          <span className="block text-sm font-semibold">{wallet.currency.code}</span>
          <span className="block text-xs text-muted-foreground wrap-break-word">
            {currencyName(wallet.currency)}
          </span>
        </span>
      </div>
      {/* Every digit shows on one line (docs/screens.md "Display rules"): a long balance gets
          smaller, so that up to the largest of 999,999,999.99 it fits the card.
          Hidden, the mask keeps the balance's font size, so the card keeps its height. */}
      <p
        className={cn(
          'amount mt-auto pt-3 font-bold',
          balance.length > 16
            ? 'text-[0.6875rem]'
            : balance.length > 14
              ? 'text-xs'
              : balance.length > 11
                ? 'text-[0.8125rem]'
                : balance.length > 10
                  ? 'text-base'
                  : 'text-lg',
        )}
        data-testid={`wallet-balance-${wallet.currency.code}`}
        aria-hidden={hidden ? 'true' : undefined}
      >
        {hidden ? BALANCE_MASK : balance}
      </p>
      {hidden ? <span className="sr-only">{t('balanceHidden')}</span> : null}
    </li>
  )
}

/**
 * The user's wallets other than USD (the banner shows that one), with a tile to open another.
 * On a phone the row scrolls sideways inside itself; the page never does.
 */
export function WalletStrip({
  enabled,
  onAddWallet,
}: {
  enabled: boolean
  onAddWallet: () => void
}) {
  const t = useDashboardMessages()
  const wallets = useWallets({ enabled })
  const settings = useSettings()
  // The headline shows the display currency's money (docs/account.md "Country and currency"):
  // a naira user's strip lists their dollars, a dollar user's their naira.
  const display = settings.data?.displayCurrency ?? 'USD'
  const others = (wallets.data ?? []).filter(
    (wallet) => wallet.currency.code.toUpperCase() !== display,
  )

  return (
    <section aria-labelledby="other-wallets-heading" className="min-w-0">
      <h2 id="other-wallets-heading" className="mb-3 text-base font-semibold">
        {t('otherWallets')}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {wallets.isPending ? (
          <li
            role="status"
            aria-label={t('walletsLoading')}
            className={cn(CARD_CLASSES, 'h-[6.5rem] animate-pulse bg-muted')}
          />
        ) : (
          others.map((wallet) => <WalletCard key={wallet.id} wallet={wallet} />)
        )}
        <li className="flex shrink-0 snap-start">
          <button
            type="button"
            onClick={onAddWallet}
            className="flex w-40 flex-col items-start justify-between gap-3 rounded-xl border-2 border-dashed p-4 text-left text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-44"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-muted">
              <Plus className="size-4" aria-hidden="true" />
            </span>
            <span>
              <span className="block text-sm font-semibold text-foreground">{t('addWallet')}</span>
              <span className="block text-xs">{t('addWalletText')}</span>
            </span>
          </button>
        </li>
      </ul>
    </section>
  )
}
