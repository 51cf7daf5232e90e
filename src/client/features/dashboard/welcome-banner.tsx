import { BadgeCheck, Eye, EyeOff, Plus, ShieldAlert } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { useSettings } from '#client/entities/settings/use-settings.ts'
import { useWalletTotal } from '#client/entities/wallets/use-wallet-total.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount, formatMinorAmount, toMoney } from '#client/lib/format-amount.ts'
import { BALANCE_MASK, useHideBalances } from '#client/lib/hide-balances.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useDashboardMessages } from './messages.ts'
import { useCountUp } from './use-count-up.ts'

// With no wallet to read, the balance is shown in dollars (docs/data-model.md "Currency").
const FALLBACK_CURRENCY = { code: 'USD', symbol: '$' }

function AnimatedBalance({
  balance,
  code,
  symbol,
  hidden,
}: {
  balance: string
  code: string
  symbol: string
  /** The mask shows instead of the figure, to the eye and to screen readers alike. */
  hidden: boolean
}) {
  const t = useDashboardMessages()
  const value = toMoney(balance, code)
  const shownMinor = useCountUp(value?.amountMinor ?? 0n)
  const finalText = formatAmount(balance, { code, symbol })
  const text =
    value && shownMinor !== value.amountMinor
      ? formatMinorAmount(shownMinor, value.asset, symbol)
      : finalText
  return (
    // Every digit shows on one line (docs/screens.md "Display rules"): a long total gets smaller.
    // Hidden, the mask keeps the figure's font size, so the banner keeps its height.
    <p
      className={cn(
        'amount mt-1 font-bold tracking-tight',
        finalText.length > 17
          ? 'text-xl sm:text-4xl'
          : finalText.length > 15
            ? 'text-2xl sm:text-4xl'
            : finalText.length > 11
              ? 'text-3xl sm:text-5xl'
              : 'text-4xl sm:text-5xl',
      )}
    >
      {/* Screen readers get the final figure once, not every frame of the count-up. */}
      <span aria-hidden="true" data-testid="balance-amount">
        {hidden ? BALANCE_MASK : text}
      </span>
      <span className="sr-only">{hidden ? t('balanceHidden') : finalText}</span>
    </p>
  )
}

/**
 * The eye beside "Total balance": hides every balance on the dashboard, or shows them again. It
 * is a toggle button, so a screen reader says whether it is pressed; its name says what a press
 * does. The negative margin keeps the 40 px target from making the label's line taller.
 */
function HideBalancesButton() {
  const t = useDashboardMessages()
  const [hidden, setHidden] = useHideBalances()
  const Icon = hidden ? EyeOff : Eye
  return (
    <button
      type="button"
      aria-pressed={hidden}
      aria-label={hidden ? t('showBalances') : t('hideBalances')}
      onClick={() => setHidden(!hidden)}
      className="-my-2.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-emerald-50/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
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

/** A wallet holds money when its balance has any digit other than zero (no float needed). */
function isFunded(wallet: Wallet): boolean {
  return /[1-9]/.test(wallet.balance)
}

/**
 * The headline (docs/screens.md "Dashboard"): every wallet together in the display currency,
 * which is the primary wallet's until the user chooses another. While the money is all in that
 * currency it is the exact balance; otherwise the server's estimate at today's rates, marked so.
 */
type Headline = { wallets: ReturnType<typeof useWallets> } & (
  | { state: 'loading' }
  | { state: 'failed' }
  | {
      state: 'ready'
      balance: string
      currency: { code: string; symbol: string }
      estimate: boolean
    }
)

function useHeadline(enabled: boolean): Headline {
  const wallets = useWallets({ enabled })
  const settings = useSettings()
  const list = wallets.data ?? []
  const primary = list.find((wallet) => wallet.isPrimary) ?? list[0]
  const code = settings.data?.displayCurrency ?? primary?.currency.code
  const own = list.find((wallet) => wallet.currency.code === code)
  const exact = list.filter(isFunded).every((wallet) => wallet.currency.code === code)
  const total = useWalletTotal(exact || !wallets.isSuccess ? undefined : code)
  if (wallets.isPending || settings.isPending) return { state: 'loading', wallets }
  if (wallets.isError) return { state: 'failed', wallets }
  if (exact) {
    const currency = own?.currency ?? FALLBACK_CURRENCY
    return {
      state: 'ready',
      wallets,
      balance: own?.balance ?? '0.00',
      currency: { code: code ?? currency.code, symbol: currency.symbol },
      estimate: false,
    }
  }
  if (!total.data) return { state: total.isError ? 'failed' : 'loading', wallets }
  return {
    state: 'ready',
    wallets,
    balance: total.data.total,
    currency: total.data.currency,
    estimate: true,
  }
}

export function WelcomeBanner({
  firstName,
  newAccount,
  verified,
  enabled,
  onAddFunds,
}: {
  firstName: string | null
  /** A new account is greeted "Welcome", never "Welcome back" (greeting.ts). */
  newAccount: boolean
  /** Only a user whose identity check passed is called verified (docs/screens.md "Dashboard"). */
  verified: boolean
  enabled: boolean
  onAddFunds: () => void
}) {
  const t = useDashboardMessages()
  const headline = useHeadline(enabled)
  const [balancesHidden] = useHideBalances()
  const { wallets } = headline
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
          {t(newAccount ? 'welcomeNew' : 'welcome', { name })}
        </h1>
        <p className="mt-1 text-sm text-emerald-50/90">{t('welcomeSubtitle')}</p>
        <div className="mt-6 flex items-center gap-1">
          <p className="text-sm font-medium text-emerald-50/90">{t('balanceLabel')}</p>
          <HideBalancesButton />
        </div>
        {headline.state === 'loading' ? (
          <BalanceSkeleton label={t('balanceLoading')} />
        ) : headline.state === 'failed' ? (
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
          <>
            <AnimatedBalance
              balance={headline.balance}
              code={headline.currency.code}
              symbol={headline.currency.symbol}
              hidden={balancesHidden}
            />
            {headline.estimate ? (
              <p className="mt-1 text-xs text-emerald-50/90" data-testid="balance-estimate">
                {t('walletsTotalEstimateNote')}
              </p>
            ) : null}
          </>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold tracking-wide"
            data-testid="balance-currency"
          >
            {headline.state === 'ready' ? headline.currency.code : ''}
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
