import { AlertTriangle, ArrowLeftRight, Plus, Send, Zap } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { LazyAddFundsDialog } from '#client/components/add-funds/lazy-add-funds-dialog.tsx'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { LazyOpenWalletDialog } from '#client/components/open-wallet/lazy-open-wallet-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { RecipientAvatar } from '#client/entities/recipients/recipient-avatar.tsx'
import { recipientName } from '#client/entities/recipients/recipient-display.ts'
import { useCurrencies } from '#client/entities/wallets/use-currencies.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import type { ApiError } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { formatMoney, type Money } from '#shared/money.ts'
import type { UserSearchResult } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { usePayMessages } from './messages.ts'

/** Refusals that hold whatever the payer tries again, shown on the panel itself. */
const STANDING_REFUSALS = new Set(['LIMIT_EXCEEDED', 'COOLING_OFF', 'ACCOUNT_FROZEN'])

const NO_WALLETS: readonly Wallet[] = []

export type PayTarget = {
  requester: UserSearchResult
  amount: Money
  /** The currency's symbol as the server wrote it, when it did. */
  symbol: string | null
  description: string
}

/**
 * "₦2,500.00" with the server's symbol, else the currency list's, else the formatter's own for
 * the code.
 */
export function useAmountText(amount: Money, symbol: string | null): string {
  const { isAuthenticated } = useAuth()
  const currencies = useCurrencies({ enabled: isAuthenticated && symbol === null })
  const listed = currencies.data?.find((currency) => currency.code === amount.asset)
  return formatAmount(amount, { code: amount.asset, symbol: symbol ?? listed?.symbol })
}

/**
 * Who is asking, how much, in which currency and why; then the payer's wallet in that
 * currency and the Pay button. Only wallets in the request's currency are offered; with none,
 * the payer is offered to open one or to exchange. A balance below the amount shows the
 * shortfall and disables Pay. `pay` moves the money and resolves to the transaction's id.
 */
export function PayPanel({
  target,
  pay,
  readAnswer,
  onPaid,
  onFailed,
}: {
  target: PayTarget
  /** Where the payment goes and what it says, from the chosen wallet. */
  pay: (fromWalletId: string) => { path: string; body: Record<string, unknown> }
  /** Reads the server's answer: the payment's transaction id. */
  readAnswer: (data: unknown) => string | null
  onPaid: (transactionId: string | null) => void
  onFailed?: (error: ApiError) => void
}) {
  const t = usePayMessages()
  const { isAuthenticated } = useAuth()
  const wallets = useWallets({ enabled: isAuthenticated })
  const currencies = useCurrencies({ enabled: isAuthenticated })
  const [chosenId, setChosenId] = useState('')
  const [openWallet, setOpenWallet] = useState(false)
  const [addFunds, setAddFunds] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const { requester, amount, description } = target
  const amountText = useAmountText(amount, target.symbol)
  const name = recipientName(requester)
  const payable = (wallets.data ?? NO_WALLETS).filter(
    (wallet) => wallet.currency.code.toUpperCase() === amount.asset,
  )
  // One wallet per currency is the usual case: it is chosen already.
  const walletId = chosenId || (payable.length === 1 ? (payable[0]?.id ?? '') : '')
  const wallet = payable.find((candidate) => candidate.id === walletId)
  const shortfall = walletShortfall(wallet, amount)
  const currencyName = currencies.data?.find((currency) => currency.code === amount.asset)?.name

  const action = useMoneyAction({
    parse: readAnswer,
    transactionIdOf: (transactionId) => transactionId,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: {
      title: t('successTitle'),
      description: t('successText', { amount: amountText, name }),
    },
    // The paid notice replaces this panel, so it comes once the receipt is closed.
    onReceiptClosed: onPaid,
    onRefused: (error) => {
      // A limit refusal stays on the panel, not only in a toast: the payer cannot fix it, and
      // should see plainly why the request cannot be paid (docs/limits.md "Messages"). So do a
      // cooling-off and a frozen account (docs/security.md), which the payer cannot fix here
      // either.
      if (STANDING_REFUSALS.has(error.code ?? '')) setRefusal(error.serverMessage ?? null)
      onFailed?.(error)
      return false
    },
  })
  const pending = action.busy

  function submit() {
    if (pending || !wallet || shortfall) return
    action.review({
      ...pay(wallet.id),
      review: {
        title: t('reviewTitle'),
        recipient: { name, detail: `@${requester.username}`, verified: true },
        rows: [
          { label: t('reviewAmount'), value: amountText },
          { label: t('reviewFee'), value: t('reviewFree') },
          { label: t('reviewTotal'), value: amountText, strong: true },
          ...(description ? [{ label: t('reviewFor'), value: description, text: true }] : []),
        ],
        limitCheck: { currency: amount.asset, amount: formatMoney(amount) },
        spend: { wallet, total: amount },
      },
    })
  }

  return (
    <>
      <Card>
        <section aria-labelledby="pay-request-heading" className="p-5">
          <div className="flex items-center gap-3">
            <RecipientAvatar user={requester} className="size-12" />
            <div className="min-w-0">
              <h2
                id="pay-request-heading"
                className="font-semibold wrap-break-word"
                data-testid="pay-requester"
              >
                {name}
              </h2>
              <p className="text-sm text-muted-foreground wrap-anywhere">@{requester.username}</p>
            </div>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('askingYou')}</p>
          <p
            className={cn(
              'amount font-bold tracking-tight',
              amountText.length > 11 ? headlineAmountSize(amountText) : 'text-4xl',
            )}
            data-testid="pay-amount"
          >
            {amountText}
          </p>
          <dl className="mt-4 grid grid-cols-1 gap-2 text-sm" data-testid="pay-details">
            <SummaryRow label={t('forLabel')} value={description} text testId="pay-description" />
            <SummaryRow
              label={t('currency')}
              value={
                currencyName
                  ? t('currencyValue', { code: amount.asset, name: currencyName })
                  : amount.asset
              }
              text
              testId="pay-currency"
            />
            <SummaryRow label={t('fee')} value={t('feeFree')} />
          </dl>
        </section>
        <form
          noValidate
          className="grid grid-cols-1 gap-4 border-t p-5"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          {wallets.isSuccess && payable.length === 0 ? (
            <div
              className="grid gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
              data-testid="pay-no-wallet"
            >
              <p>{t('noWallet', { code: amount.asset })}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setOpenWallet(true)}
                >
                  <Plus aria-hidden="true" />
                  {t('openWallet')}
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link href="/exchange">
                    <ArrowLeftRight aria-hidden="true" />
                    {t('exchange')}
                  </Link>
                </Button>
              </div>
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-2">
              <WalletSelect
                id="pay-wallet"
                label={t('payFrom')}
                placeholder={t('walletPlaceholder')}
                wallets={payable}
                value={walletId}
                onChange={setChosenId}
                error={wallets.isError ? t('walletsUnavailable') : undefined}
                disabled={pending || wallets.isPending}
              />
              {wallet && !shortfall ? (
                <p className="text-xs text-muted-foreground" data-testid="pay-balance">
                  {t('available', { balance: formatWalletBalance(wallet) })}
                </p>
              ) : null}
            </div>
          )}
          {shortfall && wallet ? (
            <div
              role="status"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 dark:bg-amber-950/40 dark:text-amber-300"
              data-testid="pay-shortfall"
            >
              <p className="flex min-w-0 flex-1 basis-56 items-start gap-1.5">
                <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {t('shortfall', {
                  amount: amountText,
                  balance: formatWalletBalance(wallet),
                  shortfall: formatAmount(shortfall, wallet.currency),
                })}
              </p>
              <Button type="button" size="sm" variant="outline" onClick={() => setAddFunds(true)}>
                <Plus aria-hidden="true" />
                {t('addFunds')}
              </Button>
            </div>
          ) : null}
          <p className="flex items-center gap-2 rounded-lg bg-secondary px-3 py-2.5 text-sm text-secondary-foreground">
            <Zap className="size-4 shrink-0" aria-hidden="true" />
            {t('freeNotice')}
          </p>
          {refusal ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/30 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
              data-testid="pay-refused"
            >
              {refusal}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={pending || !wallet || shortfall !== null}
          >
            <Send aria-hidden="true" />
            {pending ? t('paying') : t('pay', { amount: amountText })}
          </Button>
        </form>
        <LazyOpenWalletDialog open={openWallet} onOpenChange={setOpenWallet} />
        <LazyAddFundsDialog open={addFunds} onOpenChange={setAddFunds} />
      </Card>
      <MoneyActionSheet action={action} />
    </>
  )
}
