import { AlertTriangle, Copy, History, RefreshCw, SearchX } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { ReportedBadge } from '#client/entities/disputes/dispute-badges.tsx'
import { ApiError } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { copyText } from '#client/lib/copy-text.ts'
import { useDataSaver } from '#client/lib/data-saver.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import { toast } from '#client/lib/toast.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { failureReasonText } from '../../entities/transactions/failure-text.ts'
import { useTransactionMessages } from '../../entities/transactions/messages.ts'
import {
  amountSign,
  transactionAmountDisplay,
  transactionDateLabel,
} from '../../entities/transactions/transaction-format.ts'
import {
  amountFields,
  isMoneyBack,
  payoutDetailFields,
  payoutHeading,
  providerReceiptFields,
  type ReceiptField,
  summaryFields,
  transactionTitle,
} from '../../entities/transactions/transaction-receipt.ts'
import './transaction-receipt-print.css'
import { transactionTypeIcon } from '../../entities/transactions/transaction-icons.ts'
import { TransactionStatusBadge } from '../../entities/transactions/transaction-status-badge.tsx'
import { useTransactionDetails } from '../../entities/transactions/use-transaction-details.ts'
import { TransactionReceiptActions } from './transaction-receipt-actions.tsx'
import { TransactionTimeline } from './transaction-timeline.tsx'

type TransactionMessages = ReturnType<typeof useTransactionMessages>

/**
 * A `dl` of receipt lines: label on the left, the value right-aligned. A value that does not fit
 * beside its label goes under it: amounts never break (docs/screens.md "Display rules"), words
 * wrap between words, and only a reference or code may break anywhere, being one long token.
 */
function ReceiptList({
  fields,
  testId,
  strongKey,
  amounts = false,
}: {
  fields: readonly ReceiptField[]
  testId: string
  strongKey?: string
  /** The values are amounts. */
  amounts?: boolean
}) {
  return (
    <dl className="grid grid-cols-1 gap-2 text-sm" data-testid={testId}>
      {fields.map((field) => {
        const strong = field.key === strongKey
        return (
          <div
            key={field.key}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5"
          >
            <dt className={cn(strong ? 'font-semibold' : 'text-muted-foreground')}>
              {field.label}
            </dt>
            <dd
              className={cn(
                'ml-auto min-w-0 text-right',
                strong && 'font-semibold',
                field.look === 'mono'
                  ? 'font-mono text-[0.8125rem] wrap-anywhere'
                  : amounts
                    ? 'amount'
                    : 'wrap-break-word',
              )}
              data-testid={`receipt-${field.key}`}
            >
              {field.value}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function TokenField({ field, t }: { field: ReceiptField; t: TransactionMessages }) {
  async function copy() {
    const copied = await copyText(field.value.replaceAll(' ', ''))
    toast(
      copied
        ? { title: t('copied'), description: t('copiedText', { label: field.label }) }
        : { title: t('copyFailed'), description: t('copyFailedText'), variant: 'destructive' },
    )
  }
  return (
    <div className="rounded-xl border border-primary/20 bg-secondary/60 p-4">
      <p className="text-xs font-medium text-secondary-foreground/80">{field.label}</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <p
          className="min-w-0 font-mono text-lg font-bold tracking-wide wrap-anywhere select-all sm:text-3xl sm:tracking-wider"
          data-testid="receipt-token"
        >
          {field.value}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          data-print-hide
          onClick={() => {
            void copy()
          }}
        >
          <Copy aria-hidden="true" />
          {t('copyToken')}
        </Button>
      </div>
    </div>
  )
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {children}
    </h3>
  )
}

/** Asks for a pending transaction's details once more: data saver's stand-in for polling. */
type ManualRefresh = { refreshing: boolean; onRefresh: () => void }

/** The receipt card: what a printed or shared receipt holds, and what the user checks. */
function ReceiptCard({
  transaction,
  refresh,
}: {
  transaction: TransactionDetails
  refresh: ManualRefresh | null
}) {
  const t = useTransactionMessages()
  // One clock reading per mount, as in the lists, so the date label does not flicker.
  const [nowMs] = useState(() => Date.now())
  const { icon: Icon, tone } = transactionTypeIcon(transaction.type)
  const amount = transactionAmountDisplay(transaction)
  const date = transactionDateLabel(transaction.createdAt, nowMs)
  const dateText =
    date.kind === 'today'
      ? t('today', { time: date.time })
      : date.kind === 'yesterday'
        ? t('yesterday', { time: date.time })
        : date.text
  const payout = transaction.payout
  const details = payout ? payoutDetailFields(payout, t) : []
  const providerReceipt = payout ? providerReceiptFields(payout, t) : []
  const failureReason = payout?.failureReason ?? null

  return (
    <Card data-print-receipt id="transaction-receipt">
      <section aria-labelledby="receipt-heading" className="grid grid-cols-1 gap-5 p-5 sm:p-6">
        <h2 id="receipt-heading" className="sr-only">
          {t('receiptHeading')}
        </h2>
        <p data-print-only className="hidden text-lg font-bold text-primary">
          {t('receiptTitle')}
        </p>
        <div className="flex items-start gap-3">
          <span
            className={cn('flex size-11 shrink-0 items-center justify-center rounded-full', tone)}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words" data-testid="details-title">
              {transactionTitle(transaction, t)}
            </p>
            {/* "Today" means nothing on paper; the receipt's Date line carries the day. */}
            <p className="text-sm text-muted-foreground" data-print-hide>
              <time dateTime={transaction.createdAt}>{dateText}</time>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-muted/60 px-4 py-3">
          <p
            className={cn(
              'amount font-bold',
              headlineAmountSize(amount.text),
              amountSign(transaction.type) === '+' ? 'text-success' : 'text-foreground',
            )}
            data-testid="details-amount"
          >
            {amount.text}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <TransactionStatusBadge status={transaction.status} />
            <span className="contents" data-print-hide>
              <ReportedBadge mark={transaction.dispute} />
            </span>
            {refresh ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                data-print-hide
                onClick={refresh.onRefresh}
              >
                <RefreshCw
                  className={cn(refresh.refreshing && 'motion-safe:animate-spin')}
                  aria-hidden="true"
                />
                {t('refresh')}
              </Button>
            ) : null}
          </div>
        </div>

        <ReceiptList
          fields={amountFields(transaction, t)}
          testId="receipt-amounts"
          strongKey="total"
          amounts
        />
        <div className="border-t" />
        <ReceiptList fields={summaryFields(transaction, t)} testId="receipt-summary" />

        {payout && details.length > 0 ? (
          <section aria-labelledby="receipt-payout-heading" className="grid gap-3 border-t pt-5">
            <SectionHeading id="receipt-payout-heading">{payoutHeading(payout, t)}</SectionHeading>
            <ReceiptList fields={details} testId="receipt-payout" />
          </section>
        ) : null}

        {providerReceipt.length > 0 ? (
          <section aria-labelledby="receipt-provider-heading" className="grid gap-3 border-t pt-5">
            <SectionHeading id="receipt-provider-heading">
              {t('receiptFromProvider')}
            </SectionHeading>
            {providerReceipt
              .filter((field) => field.look === 'token')
              .map((field) => (
                <TokenField key={field.key} field={field} t={t} />
              ))}
            <ReceiptList
              fields={providerReceipt.filter((field) => field.look !== 'token')}
              testId="receipt-provider"
            />
          </section>
        ) : null}

        {failureReason ? (
          <div
            role="note"
            className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
            data-testid="failure-reason"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">{t('failureHeading')}: </span>
              {failureReasonText(failureReason, t)}
              {isMoneyBack(transaction.status) ? ` ${t('failureMoneyBack')}` : null}
            </p>
          </div>
        ) : null}
      </section>
    </Card>
  )
}

function NotFoundState() {
  const t = useTransactionMessages()
  return (
    <Card>
      <div
        className="flex flex-col items-center px-4 py-12 text-center"
        data-testid="transaction-not-found"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('notFoundTitle')}</h2>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('notFoundText')}</p>
        <Button asChild className="mt-5">
          <Link href="/transactions">
            <History aria-hidden="true" />
            {t('backToHistory')}
          </Link>
        </Button>
      </div>
    </Card>
  )
}

function DetailsSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      <div className="h-96 animate-pulse rounded-xl bg-muted" />
      <div className="h-56 animate-pulse rounded-xl bg-muted" />
    </div>
  )
}

/**
 * One transaction (issue "Money out"): the receipt with amount, fee and total, where the money
 * went and what the provider gave back, the timeline of every status, and share and print
 * buttons. The details refresh every 2 s while the transaction is pending; with data saver on
 * they do not, and a Refresh button beside the status asks once instead.
 */
export function TransactionDetailsView({
  id,
  footer,
}: {
  id: string
  /** What the page puts under the receipt's buttons, such as "Report a problem". */
  footer?: (transaction: TransactionDetails) => ReactNode
}) {
  const t = useTransactionMessages()
  const details = useTransactionDetails(id, { offersRefresh: true })
  const dataSaver = useDataSaver()

  if (details.isPending) return <DetailsSkeleton label={t('loadingDetails')} />
  if (details.isError) {
    const error = details.error
    // An id that is not even well-formed is answered 400; to the user both mean "no such one".
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <NotFoundState />
    }
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
        <p className="text-sm text-muted-foreground">{t('detailsUnavailable')}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={details.isFetching}
          onClick={() => {
            void details.refetch()
          }}
        >
          {t('retry')}
        </Button>
      </div>
    )
  }

  const transaction = details.data
  const refresh: ManualRefresh | null =
    dataSaver && transaction.status === 'pending'
      ? {
          refreshing: details.isFetching,
          onRefresh: () => {
            // A second tap while the answer is on its way waits for it rather than asking again.
            void details.refetch({ cancelRefetch: false })
          },
        }
      : null
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 grid-cols-1 gap-3">
        <ReceiptCard transaction={transaction} refresh={refresh} />
        <TransactionReceiptActions transaction={transaction} />
        {footer?.(transaction)}
      </div>
      <Card className="min-w-0">
        <section aria-labelledby="timeline-heading" className="p-5 sm:p-6">
          <h2 id="timeline-heading" className="mb-4 text-base font-semibold">
            {t('timelineHeading')}
          </h2>
          <TransactionTimeline transaction={transaction} />
        </section>
      </Card>
    </div>
  )
}
