import {
  Check,
  Copy,
  Eye,
  EyeOff,
  Globe,
  Lock,
  LockOpen,
  Nfc,
  Package,
  RefreshCw,
  Truck,
} from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { PageHeader } from '#client/components/page-header.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { useLanguage } from '#client/i18n/language.ts'
import {
  type CurrencyLike,
  formatAmount,
  formatMinorAmount,
  toMoney,
} from '#client/lib/format-amount.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { Card as CardData } from '#shared/schemas/card.ts'
import { copyText } from '../../lib/copy-text.ts'
import { CardAction, ControlRow, SpendingPanel, ThemePicker } from './card-parts.tsx'
import { type CardRequest, formatDeliveryDay, latestRequest } from './card-requests.ts'
import { CardTransactions } from './card-transactions.tsx'
import { useCardMessages } from './messages.ts'
import { PhysicalCardDialog } from './physical-card-dialog.tsx'
import { REASON_LABELS, ReplacementDialog } from './replacement-dialog.tsx'
import { RevealDialog, type RevealedCard } from './reveal-dialog.tsx'
import { useCard, useUpdateCard } from './use-card.ts'
import { useRevealedCard } from './use-revealed-card.ts'
import { formatExpiry, VirtualCard } from './virtual-card.tsx'

type CardMessages = ReturnType<typeof useCardMessages>
type DialogName = 'reveal' | 'replacement' | 'physical'

const USD = { code: 'USD', symbol: '$' }

/**
 * /card for a signed-in user: their own card from the server, with controls that persist, a
 * reveal that asks for the password again, and spending from the ledger. The page puts it in
 * the app's shell.
 */
export function MyCardView() {
  const t = useCardMessages()
  const card = useCard({ enabled: true })
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('title')}
        description={t('myDescription')}
        backHref="/"
        backLabel={t('back')}
      />
      {card.isPending ? (
        <CardSkeleton t={t} />
      ) : card.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-5">
          <p className="text-sm text-muted-foreground">{t('cardUnavailable')}</p>
          <Button variant="outline" size="sm" onClick={() => void card.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <MyCardContent card={card.data} />
      )}
    </div>
  )
}

function CardSkeleton({ t }: { t: CardMessages }) {
  return (
    <div
      role="status"
      aria-label={t('cardLoading')}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]"
    >
      <div className="mx-auto aspect-[1.586] w-full max-w-sm animate-pulse rounded-2xl bg-muted" />
      <div className="h-48 animate-pulse rounded-xl bg-muted" />
    </div>
  )
}

/** The spending currency with its symbol, from the user's wallet in it when there is one. */
function currencyFor(
  code: string,
  wallets: readonly { currency: { code: string; symbol: string } }[],
): CurrencyLike {
  const wallet = wallets.find((candidate) => candidate.currency.code === code)
  if (wallet) return wallet.currency
  return { code, symbol: code === 'USD' ? '$' : `${code} ` }
}

function MyCardContent({ card }: { card: CardData }) {
  const t = useCardMessages()
  const { user } = useAuth()
  const wallets = useWallets({ enabled: true })
  const update = useUpdateCard()
  const revealed = useRevealedCard()
  const [dialog, setDialog] = useState<DialogName | null>(null)
  // Copy asked for while hidden: the number is copied as soon as the reveal succeeds.
  const copyAfterReveal = useRef(false)

  const locked = card.status === 'locked'
  const status = locked ? t('statusLocked') : t('statusActive')
  const shown = revealed.shown
  const busy = update.isPending

  async function copyNumber(number: string) {
    if (await copyText(number)) {
      toast({ title: t('copied') })
    } else {
      toast({ title: t('copyFailedTitle'), description: t('copyFailed'), variant: 'destructive' })
    }
  }

  function handleRevealed(details: RevealedCard) {
    revealed.show(details)
    if (copyAfterReveal.current) void copyNumber(details.number)
    copyAfterReveal.current = false
  }

  function handleCopy() {
    if (shown) {
      void copyNumber(shown.number)
      return
    }
    copyAfterReveal.current = true
    setDialog('reveal')
  }

  function closeDialog(name: DialogName) {
    return (open: boolean) => {
      if (open) return
      if (name === 'reveal') copyAfterReveal.current = false
      setDialog((current) => (current === name ? null : current))
    }
  }

  const walletList = wallets.data ?? []
  const usd = walletList.find((wallet) => wallet.currency.code.toUpperCase() === 'USD')
  const balance = wallets.isPending
    ? null
    : usd
      ? formatWalletBalance(usd)
      : wallets.isError
        ? '—'
        : formatAmount('0', USD)
  const spending = spendingFigures(card, currencyFor(card.spendingCurrency, walletList))

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-start">
      <div className="min-w-0 space-y-6">
        <section aria-label={t('cardLabel', { last4: card.last4, status })}>
          <div className="flex justify-center">
            <VirtualCard
              card={{
                number: shown?.number ?? null,
                last4: card.last4,
                cvv: shown?.cvv ?? null,
                expiry: formatExpiry(card.expiryMonth, card.expiryYear),
                holder: card.holderName || user?.username || '',
              }}
              theme={card.theme}
              locked={locked}
            />
          </div>
          <div className="mx-auto mt-4 flex max-w-sm items-center justify-between gap-3">
            <Badge data-testid="card-status" variant={locked ? 'destructive' : 'success'}>
              {locked ? (
                <Lock className="size-3.5" aria-hidden="true" />
              ) : (
                <Check className="size-3.5" aria-hidden="true" />
              )}
              {status}
            </Badge>
            {shown ? (
              <p
                data-testid="reveal-countdown"
                className="text-xs font-medium text-muted-foreground tabular-nums"
              >
                {t('hidesIn', { seconds: revealed.secondsLeft })}
              </p>
            ) : null}
          </div>
          <div className="mx-auto mt-3 grid max-w-sm grid-cols-3 gap-2">
            <CardAction
              icon={shown ? <EyeOff /> : <Eye />}
              label={shown ? t('hideDetails') : t('showDetails')}
              onClick={() => (shown ? revealed.hide() : setDialog('reveal'))}
            />
            <CardAction icon={<Copy />} label={t('copyNumber')} onClick={handleCopy} />
            <CardAction
              icon={locked ? <LockOpen /> : <Lock />}
              label={locked ? t('unlockCard') : t('lockCard')}
              disabled={busy}
              onClick={() => update.mutate({ locked: !locked })}
            />
          </div>
          {locked ? (
            <p className="mx-auto mt-3 max-w-sm text-center text-xs text-muted-foreground">
              {t('lockedHint')}
            </p>
          ) : null}
        </section>

        <ThemePicker
          t={t}
          theme={card.theme}
          disabled={busy}
          onChange={(theme) => update.mutate({ theme })}
        />

        <Card>
          <CardHeader>
            <CardTitle>{t('controlsTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ControlRow
              icon={<Nfc />}
              label={t('contactless')}
              hint={t('contactlessHint')}
              checked={card.contactless}
              disabled={busy}
              onCheckedChange={(contactless) => update.mutate({ contactless })}
            />
            <ControlRow
              icon={<Globe />}
              label={t('online')}
              hint={t('onlineHint')}
              checked={card.online}
              disabled={busy}
              onCheckedChange={(online) => update.mutate({ online })}
            />
          </CardContent>
        </Card>
      </div>

      <div className="min-w-0 space-y-6">
        <SpendingPanel t={t} balance={balance} {...spending} />
        <CardTransactions transactions={card.transactions} />
        <RequestPanel
          title={t('physicalTitle')}
          text={t('physicalText')}
          request={latestRequest(card, 'physical')}
          testId="physical-request"
          pendingTitle={() => t('physicalPending')}
          detail={(request) =>
            [request.details.addressLine, request.details.city, request.details.country]
              .filter(Boolean)
              .join(', ')
          }
          action={
            <Button className="w-full sm:w-auto" onClick={() => setDialog('physical')}>
              <Package aria-hidden="true" />
              {t('physicalOrder')}
            </Button>
          }
        />
        <RequestPanel
          title={t('replacementTitle')}
          text={t('replacementText')}
          request={latestRequest(card, 'replacement')}
          testId="replacement-request"
          pendingTitle={(request) => {
            const reason = request.details.reason
            const known = Object.entries(REASON_LABELS).find(([key]) => key === reason)?.[1]
            return t('replacementPending', { reason: known ? t(known.label) : (reason ?? '') })
          }}
          action={
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => setDialog('replacement')}
            >
              <RefreshCw aria-hidden="true" />
              {t('replacementRequest')}
            </Button>
          }
        />
      </div>

      <RevealDialog
        open={dialog === 'reveal'}
        onOpenChange={closeDialog('reveal')}
        twoFactorEnabled={user?.twoFactorEnabled ?? false}
        onRevealed={handleRevealed}
      />
      <ReplacementDialog
        open={dialog === 'replacement'}
        onOpenChange={closeDialog('replacement')}
      />
      <PhysicalCardDialog open={dialog === 'physical'} onOpenChange={closeDialog('physical')} />
    </div>
  )
}

/**
 * This month's spending against the limit, as display text and a whole percentage (capped at
 * 100). Amounts the client cannot read as money are shown as the server sent them.
 */
function spendingFigures(card: CardData, currency: CurrencyLike) {
  const spent = toMoney(card.monthlySpending, card.spendingCurrency)
  const limit = toMoney(card.spendingLimit, card.spendingCurrency)
  if (!spent || !limit || spent.asset !== limit.asset || limit.amountMinor <= 0n) {
    return {
      spent: formatAmount(card.monthlySpending, currency),
      limit: formatAmount(card.spendingLimit, currency),
      left: formatAmount(card.spendingLimit, currency),
      percent: 0,
    }
  }
  const show = (amountMinor: bigint) => formatMinorAmount(amountMinor, limit.asset, currency.symbol)
  const leftMinor = limit.amountMinor - spent.amountMinor
  const percentWhole = (spent.amountMinor * 100n) / limit.amountMinor
  return {
    spent: show(spent.amountMinor),
    limit: show(limit.amountMinor),
    left: show(leftMinor > 0n ? leftMinor : 0n),
    percent: Number(percentWhole > 100n ? 100n : percentWhole),
  }
}

/** A physical card order or a replacement: the button, or the request on its way. */
function RequestPanel({
  title,
  text,
  request,
  testId,
  pendingTitle,
  detail,
  action,
}: {
  title: string
  text: string
  request: CardRequest | undefined
  testId: string
  pendingTitle: (request: CardRequest) => string
  detail?: (request: CardRequest) => string
  action: ReactNode
}) {
  const t = useCardMessages()
  const language = useLanguage()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent>
        {request ? (
          <div
            data-testid={testId}
            className="flex items-start gap-3 rounded-xl border border-emerald-600/20 bg-emerald-50 p-3 dark:border-emerald-400/20 dark:bg-emerald-950/30"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300">
              <Truck className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{pendingTitle(request)}</p>
              <p className="mt-0.5">
                {t('arrivesBetween', {
                  from: formatDeliveryDay(request.estimatedFrom, language),
                  to: formatDeliveryDay(request.estimatedTo, language),
                })}{' '}
                <span className="text-muted-foreground">({t('deliveryWindow')})</span>
              </p>
              {detail ? (
                <p className="mt-0.5 break-words text-xs text-muted-foreground">
                  {detail(request)}
                </p>
              ) : null}
              <p className="mt-0.5 text-xs text-muted-foreground">
                {t('requestedOn', { date: formatDeliveryDay(request.createdAt, language) })}
              </p>
            </div>
          </div>
        ) : (
          action
        )}
      </CardContent>
    </Card>
  )
}
