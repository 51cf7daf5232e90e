import { BadgeCheck, Plus, ShieldAlert } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { useSettings } from '#client/features/settings/use-settings.ts'
import { useWalletTotal } from '#client/features/settings/use-wallet-total.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatAmount, formatMinorForDisplay, toMoney } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useDashboardMessages } from './messages.ts'
import { useCountUp } from './use-count-up.ts'

// With no wallet to read, the balance is shown in dollars (docs/data-model.md "Currency").
const FALLBACK_CURRENCY = { code: 'USD', symbol: '$' }

function AnimatedBalance({
  balance,
  code,
  symbol,
}: {
  balance: string
  code: string
  symbol: string
}) {
  const value = toMoney(balance, code)
  const shownMinor = useCountUp(value?.amountMinor ?? 0n)
  const finalText = `${symbol}${formatAmount(balance, code)}`
  const text =
    value && shownMinor !== value.amountMinor
      ? `${symbol}${formatMinorForDisplay(shownMinor, value.asset)}`
      : finalText
  return (
    <p className="mt-1 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
      {/* Screen readers get the final figure once, not every frame of the count-up. */}
      <span aria-hidden="true" data-testid="balance-amount">
        {text}
      </span>
      <span className="sr-only">{finalText}</span>
    </p>
  )
}

function BalanceSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="mt-2 h-10 w-48 animate-pulse rounded-lg bg-white/20 sm:h-12"
    />
  )
}

/** The USD wallet (docs/screens.md "Dashboard"), whichever position it has in the list. */
function usdWallet(wallets: readonly Wallet[]): Wallet | undefined {
  return wallets.find((wallet) => wallet.currency.code.toUpperCase() === 'USD')
}

/** A wallet holds money when its balance has any digit other than zero (no float needed). */
function isFunded(wallet: Wallet): boolean {
  return /[1-9]/.test(wallet.balance)
}

/**
 * Every wallet together in the user's display currency (Settings), an estimate at current
 * rates, shown under the USD balance (docs/screens.md "Dashboard") and never instead of it.
 */
function WalletsTotal({ code }: { code: string }) {
  const t = useDashboardMessages()
  const total = useWalletTotal(code)
  if (!total.data) return null
  const { currency } = total.data
  const amount = `${currency.symbol}${formatAmount(total.data.total, currency.code)}`
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-2 text-sm text-emerald-50/90"
      title={t('walletsTotalHint')}
    >
      <span className="font-semibold text-white tabular-nums" data-testid="wallets-total">
        {t('walletsTotal', { code: currency.code, amount })}
      </span>
      <span className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-medium">
        {t('walletsTotalEstimate')}
      </span>
      <span className="sr-only">{t('walletsTotalHint')}</span>
    </p>
  )
}

export function WelcomeBanner({
  firstName,
  verified,
  enabled,
  onAddFunds,
}: {
  firstName: string | null
  /** Only a user whose identity check passed is called verified (docs/screens.md "Dashboard"). */
  verified: boolean
  enabled: boolean
  onAddFunds: () => void
}) {
  const t = useDashboardMessages()
  const wallets = useWallets({ enabled })
  const wallet = wallets.data ? usdWallet(wallets.data) : undefined
  const currency = wallet?.currency ?? FALLBACK_CURRENCY
  const name = firstName?.trim() || t('defaultName')
  const displayCurrency = useSettings().data?.displayCurrency
  // The total adds something only in another currency, or when more than one wallet holds money.
  const showTotal =
    displayCurrency !== undefined &&
    (displayCurrency !== 'USD' || (wallets.data ?? []).filter(isFunded).length > 1)

  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-2xl bg-linear-to-br from-emerald-600 via-emerald-700 to-emerald-900 p-6 text-white shadow-lg sm:p-8"
    >
      {/* Soft circles give the banner depth without an image to download. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-white/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 right-10 size-48 rounded-full bg-white/5"
      />
      <div className="relative">
        <h1 id="welcome-heading" className="text-xl font-semibold sm:text-2xl">
          {t('welcome', { name })}
        </h1>
        <p className="mt-1 text-sm text-emerald-50/90">{t('welcomeSubtitle')}</p>
        <p className="mt-6 text-sm font-medium text-emerald-50/90">{t('balanceLabel')}</p>
        {wallets.isPending ? (
          <BalanceSkeleton label={t('balanceLoading')} />
        ) : wallets.isError ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-sm">{t('balanceUnavailable')}</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void wallets.refetch()
              }}
            >
              {t('retry')}
            </Button>
          </div>
        ) : (
          <AnimatedBalance
            balance={wallet?.balance ?? '0.00'}
            code={currency.code}
            symbol={currency.symbol}
          />
        )}
        {showTotal && !wallets.isError ? <WalletsTotal code={displayCurrency} /> : null}
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold tracking-wide"
            data-testid="balance-currency"
          >
            {currency.code}
          </span>
          {verified ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold"
              data-testid="account-verified"
            >
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t('accountVerified')}
            </span>
          ) : (
            <Link
              href="/profile"
              className="inline-flex items-center gap-1 rounded-full bg-amber-300/90 px-2.5 py-1 text-xs font-semibold text-amber-950 hover:bg-amber-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              <ShieldAlert className="size-3.5" aria-hidden="true" />
              {t('verifyAccount')}
            </Link>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={onAddFunds}
            // The banner is green in both themes, so its button stays white in both.
            className="ml-auto border-transparent bg-white text-emerald-800 shadow-sm hover:bg-emerald-50 focus-visible:ring-white focus-visible:ring-offset-emerald-700"
          >
            <Plus aria-hidden="true" />
            {t('addFunds')}
          </Button>
        </div>
      </div>
    </section>
  )
}
