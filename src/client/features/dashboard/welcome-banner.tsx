import { BadgeCheck, Plus } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatAmount, formatMinorForDisplay, toMoney } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useDashboardMessages } from './messages.ts'
import { useCountUp } from './use-count-up.ts'

// SPEC §3: with no wallet to read, the balance is shown in dollars.
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

/** The USD wallet (SPEC §2: "the USD wallet balance"), whichever position it has in the list. */
function usdWallet(wallets: readonly Wallet[]): Wallet | undefined {
  return wallets.find((wallet) => wallet.currency.code.toUpperCase() === 'USD')
}

export function WelcomeBanner({
  firstName,
  enabled,
  onAddFunds,
}: {
  firstName: string | null
  enabled: boolean
  onAddFunds: () => void
}) {
  const t = useDashboardMessages()
  const wallets = useWallets({ enabled })
  const wallet = wallets.data ? usdWallet(wallets.data) : undefined
  const currency = wallet?.currency ?? FALLBACK_CURRENCY
  const name = firstName?.trim() || t('defaultName')

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
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold tracking-wide"
            data-testid="balance-currency"
          >
            {currency.code}
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {t('accountVerified')}
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={onAddFunds}
            className="ml-auto border-transparent text-emerald-800 shadow-sm focus-visible:ring-white focus-visible:ring-offset-emerald-700"
          >
            <Plus aria-hidden="true" />
            {t('addFunds')}
          </Button>
        </div>
      </div>
    </section>
  )
}
