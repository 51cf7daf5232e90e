import { Copy, Landmark, Share2, ShieldCheck } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import {
  type FundingAccountState,
  fundingAccountState,
  groupAccountNumber,
  useFundingAccount,
} from '#client/entities/funding/use-funding-account.ts'
import { useLimits } from '#client/entities/limits/use-limits.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { cn } from '#client/lib/cn.ts'
import { copyText } from '#client/lib/copy-text.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { FundingBankAccount } from '#shared/schemas/funding.ts'
import { useFundingAccountMessages } from './messages.ts'
import { shareAccountNumber } from './share-account-number.ts'

type Messages = ReturnType<typeof useFundingAccountMessages>

/** The server's refusal below tier 2 (the errors catalog's key). */
const TIER_2_KEY = 'bankAccountNeedsTier2'
/** Refusals the user lifts by verifying their identity (docs/limits.md "Tiers"). */
const VERIFY_KEYS = new Set([TIER_2_KEY])

async function copyAccountNumber(account: FundingBankAccount, t: Messages) {
  // Digits only: that is what a bank app's account field takes.
  if (await copyText(account.accountNumber)) {
    toast({ title: t('copiedTitle'), description: t('copiedText') })
  } else {
    toast({ title: t('copyFailedTitle'), description: t('copyFailedText'), variant: 'destructive' })
  }
}

async function share(account: FundingBankAccount, t: Messages) {
  const outcome = await shareAccountNumber({
    title: t('shareTitle'),
    text: t('shareText', {
      accountNumber: account.accountNumber,
      bankName: account.bankName,
      accountName: account.accountName,
    }),
  })
  if (outcome === 'copied') toast({ title: t('sharedCopiedTitle'), description: t('copiedText') })
  if (outcome === 'failed') {
    toast({ title: t('copyFailedTitle'), description: t('copyFailedText'), variant: 'destructive' })
  }
}

function Refused({ state }: { state: Extract<FundingAccountState, { kind: 'refused' }> }) {
  const t = useFundingAccountMessages()
  // A refusal with no key is the tier's too: an older server words it without one.
  const verify = state.key === undefined || VERIFY_KEYS.has(state.key)
  return (
    <div className="mt-3 grid gap-2" data-testid="bank-account-refused">
      <p className="text-sm text-muted-foreground">{state.message}</p>
      {verify ? (
        <Link
          href="/limits"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('verifyIdentity')}
        </Link>
      ) : null}
    </div>
  )
}

function Account({ account }: { account: FundingBankAccount }) {
  const t = useFundingAccountMessages()
  return (
    <>
      <p
        className="amount mt-3 text-2xl font-bold tracking-wide whitespace-nowrap tabular-nums sm:text-3xl"
        data-testid="funding-account-number"
      >
        {groupAccountNumber(account.accountNumber)}
      </p>
      <p className="mt-0.5 text-sm break-words" data-testid="funding-account-name">
        {account.accountName}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void copyAccountNumber(account, t)
          }}
        >
          <Copy aria-hidden="true" />
          {t('copy')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void share(account, t)
          }}
        >
          <Share2 aria-hidden="true" />
          {t('share')}
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted-foreground">{t('hint')}</p>
    </>
  )
}

/**
 * "Your Sabi account number" (docs/funding.md): the account any bank app can pay to top up the
 * NGN wallet, with its bank and name, to copy or share; or, below tier 2, why there is none yet
 * and where to verify. Only for a user with an NGN wallet, and nothing at all where the server
 * has no provider for it (404, 503) or while it loads.
 */
export function BankAccountCard({
  className,
  fallback = null,
}: {
  className?: string
  /**
   * What shows instead of nothing once it is known there is no account number to give: the
   * user has no NGN wallet, or the server none to offer (the add-funds dialog says so).
   */
  fallback?: ReactNode
}) {
  const t = useFundingAccountMessages()
  const headingId = useId()
  const { isAuthenticated } = useAuth()
  const wallets = useWallets({ enabled: isAuthenticated })
  const limits = useLimits()
  const hasNaira =
    wallets.data?.some((wallet) => wallet.currency.code.toUpperCase() === 'NGN') ?? false
  // Below tier 2 the answer is known (docs/limits.md "Tiers"): the card says so without asking,
  // so a new user's every page does not carry a refused request. A tier not known (the limits
  // failed to load) leaves it to the server.
  const belowTier2 = limits.data !== undefined && limits.data.tier < 2
  const tierKnown = limits.data !== undefined || limits.isError
  const query = useFundingAccount({
    enabled: isAuthenticated && hasNaira && tierKnown && !belowTier2,
  })
  const state: FundingAccountState = belowTier2
    ? { kind: 'refused', message: t('needsTier2'), key: TIER_2_KEY }
    : fundingAccountState(query)
  const settled = wallets.isSuccess && (!hasNaira || belowTier2 || (tierKnown && !query.isPending))
  if (!hasNaira || state.kind === 'none') return settled ? fallback : null
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm',
        className,
      )}
      data-testid="bank-account-card"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Landmark className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold">
            {t('title')}
          </h2>
          {state.kind === 'ready' ? (
            <p
              className="text-xs break-words text-muted-foreground"
              data-testid="funding-bank-name"
            >
              {state.account.bankName}
            </p>
          ) : null}
        </div>
      </div>
      {state.kind === 'ready' ? <Account account={state.account} /> : <Refused state={state} />}
    </section>
  )
}
