import { useQueryClient } from '@tanstack/react-query'
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Loader2,
  type LucideIcon,
  Undo2,
  XCircle,
} from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { LazyAddFundsDialog } from '#client/components/add-funds/lazy-add-funds-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { TopUpStatus } from '#shared/schemas/funding.ts'
import { useTopUpMessages } from './messages.ts'
import { referenceFromSearch, useTopUpStatus } from './use-top-up-status.ts'

const TONES = {
  waiting: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  success: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
  warning: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  failure: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300',
  plain: 'bg-muted text-muted-foreground',
} as const

/** One state of the page: an icon, a heading, what it means, and the ways on. */
function Outcome({
  state,
  icon: Icon,
  tone,
  spin = false,
  title,
  text,
  children,
}: {
  state: string
  icon: LucideIcon
  tone: keyof typeof TONES
  spin?: boolean
  title: string
  text: string
  children?: ReactNode
}) {
  return (
    <div
      className="mx-auto w-full max-w-md rounded-xl border bg-card p-6 text-center shadow-sm sm:p-8"
      data-testid="top-up-outcome"
      data-state={state}
    >
      <div
        className={cn(
          'mx-auto mb-4 flex size-12 items-center justify-center rounded-full',
          TONES[tone],
        )}
      >
        <Icon
          className={cn('size-6', spin && 'animate-spin motion-reduce:animate-none')}
          aria-hidden="true"
        />
      </div>
      {/* The page's heading is the outcome: announced as it changes from waiting to done. */}
      <h2 className="text-xl font-bold tracking-tight" aria-live="polite">
        {title}
      </h2>
      <p className="mt-2 text-sm break-words text-muted-foreground">{text}</p>
      {children ? <div className="mt-6 grid gap-2">{children}</div> : null}
    </div>
  )
}

function DashboardButton({ primary = false }: { primary?: boolean }) {
  const t = useTopUpMessages()
  return (
    <Button asChild variant={primary ? 'default' : 'outline'} size="lg" className="w-full">
      <Link href="/">{t('toDashboard')}</Link>
    </Button>
  )
}

/** The amount of the top-up in its wallet's currency, with the wallet's own symbol. */
function useShownAmount(topUp: TopUpStatus | undefined): string {
  const { isAuthenticated } = useAuth()
  const wallets = useWallets({ enabled: isAuthenticated })
  if (!topUp) return ''
  const code = topUp.currency.toUpperCase()
  const wallet = wallets.data?.find((candidate) => candidate.currency.code.toUpperCase() === code)
  return formatAmount(topUp.amount, wallet?.currency ?? code)
}

/**
 * `/add-funds/return`, where the payment provider sends the user back after a card top-up
 * (docs/funding.md): it asks how the top-up ended until the provider has said, then shows it.
 * Credited: the amount and the way home, the balances read again. Held: received over the
 * user's limit, credited once they move up a tier or returned to the sender. Failed: nothing was
 * taken, and a way to try again. After two minutes without an answer it says it is still
 * waiting and offers to ask again.
 */
export function TopUpReturn() {
  const t = useTopUpMessages()
  const queryClient = useQueryClient()
  const reference = referenceFromSearch(useSearch())
  const { query, gaveUp, notFound, askAgain } = useTopUpStatus(reference)
  const [tryAgain, setTryAgain] = useState(false)
  const topUp = query.data
  const amount = useShownAmount(topUp)
  const status = topUp?.status

  // A top-up that has ended changed a balance or the history: read them again, once.
  const ended = status !== undefined && status !== 'pending'
  useEffect(() => {
    if (ended) void refetchMoneyLists(queryClient)
  }, [ended, queryClient])

  if (reference === null || notFound) {
    return (
      <Outcome
        state="unknown"
        icon={AlertTriangle}
        tone="plain"
        title={t('unknownTitle')}
        text={t('unknownText')}
      >
        <DashboardButton primary />
      </Outcome>
    )
  }

  if (status === 'credited') {
    return (
      <Outcome
        state="credited"
        icon={CheckCircle2}
        tone="success"
        title={t('creditedTitle')}
        text={t('creditedText', { amount, currency: topUp?.currency ?? '' })}
      >
        <DashboardButton primary />
      </Outcome>
    )
  }

  if (status === 'held') {
    return (
      <Outcome
        state="held"
        icon={Clock}
        tone="warning"
        title={t('heldTitle')}
        text={t('heldText', { amount })}
      >
        <Button asChild size="lg" className="w-full">
          <Link href="/limits">{t('raiseLimit')}</Link>
        </Button>
        <DashboardButton />
      </Outcome>
    )
  }

  if (status === 'refunded') {
    return (
      <Outcome
        state="refunded"
        icon={Undo2}
        tone="plain"
        title={t('refundedTitle')}
        text={t('refundedText', { amount })}
      >
        <DashboardButton primary />
      </Outcome>
    )
  }

  if (status === 'failed') {
    return (
      <>
        <Outcome
          state="failed"
          icon={XCircle}
          tone="failure"
          title={t('failedTitle')}
          text={t('failedText')}
        >
          <Button type="button" size="lg" className="w-full" onClick={() => setTryAgain(true)}>
            {t('tryAgain')}
          </Button>
          <DashboardButton />
        </Outcome>
        <LazyAddFundsDialog open={tryAgain} onOpenChange={setTryAgain} />
      </>
    )
  }

  // Still pending (or not known yet): the time is up, or Sabi could not be asked.
  if (gaveUp || query.isError) {
    return (
      <Outcome
        state="still-waiting"
        icon={Clock}
        tone="plain"
        title={query.isError ? t('checkFailedTitle') : t('stillWaitingTitle')}
        text={query.isError ? t('checkFailedText') : t('stillWaitingText')}
      >
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={query.isFetching}
          onClick={askAgain}
        >
          {t('checkAgain')}
        </Button>
        <DashboardButton />
      </Outcome>
    )
  }

  return (
    <Outcome
      state="pending"
      icon={Loader2}
      spin
      tone="waiting"
      title={t('pendingTitle')}
      text={t('pendingText')}
    />
  )
}
