import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Clock, FileText, RotateCcw, XCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { groupToken } from '#client/entities/transactions/transaction-receipt.ts'
import { TransactionStatusBadge } from '#client/entities/transactions/transaction-status-badge.tsx'
import { useTransactionDetails } from '#client/entities/transactions/use-transaction-details.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { toast } from '#client/lib/toast.ts'
import {
  type BillCustomer,
  type Biller,
  type BillItem,
  formatTopUpNumber,
} from '#shared/schemas/bills.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { customerNumberLabel } from './bill-labels.ts'
import { useBillMessages } from './messages.ts'

/** A bill just paid: the pending transaction the server answered with, and whom it paid. */
export type PaidBill = {
  transaction: Transaction
  biller: Biller
  /** The package bought, where the biller sells more than one thing. */
  item: BillItem | null
  customer: BillCustomer
}

const LOOKS = {
  pending: {
    icon: Clock,
    title: 'statusPendingTitle',
    text: 'statusPendingText',
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  completed: {
    icon: CheckCircle2,
    title: 'statusCompletedTitle',
    text: 'statusCompletedText',
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  failed: {
    icon: XCircle,
    title: 'statusFailedTitle',
    text: 'statusFailedText',
    tone: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300',
  },
} as const

/**
 * After paying: the payment followed until the biller answers (the details are fetched again
 * every 2 s while pending). Completed shows the electricity token, in groups of four as it is
 * typed into a meter, and its units; failed says the money is back. A final answer refreshes
 * the wallets and the history, since a reversal changes the balance.
 */
export function BillPaymentStatus({
  paid,
  onPayAnother,
}: {
  paid: PaidBill
  onPayAnother: () => void
}) {
  const t = useBillMessages()
  const queryClient = useQueryClient()
  const details = useTransactionDetails(paid.transaction.id)
  const status = details.data?.status ?? paid.transaction.status
  const look = status === 'completed' || status === 'failed' ? LOOKS[status] : LOOKS.pending
  const Icon = look.icon
  const receipt = details.data?.payout?.receipt ?? {}
  const { biller, item, customer, transaction } = paid

  const announced = useRef(status)
  useEffect(() => {
    if (status === announced.current) return
    announced.current = status
    // The SPEC's success words only once the biller has confirmed (docs/screens.md "Bill pay").
    if (status === 'completed') toast({ title: t('successTitle'), description: t('successText') })
    if (status !== 'pending') void refetchMoneyLists(queryClient)
  }, [status, queryClient, t])

  return (
    <Card>
      <section aria-labelledby="bill-status-heading" className="p-5" data-testid="bill-status">
        <div className="flex items-start gap-3">
          <span
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-full',
              look.tone,
            )}
          >
            <Icon
              className={cn('size-5', status === 'pending' && 'animate-pulse')}
              aria-hidden="true"
            />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="bill-status-heading" className="text-lg font-semibold">
                {t(look.title)}
              </h2>
              <TransactionStatusBadge status={status} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground" role="status">
              {t(look.text, { provider: biller.name })}
            </p>
          </div>
        </div>

        {status === 'completed' && receipt.token ? (
          <div
            className="mt-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/40"
            data-testid="bill-token"
          >
            <h3 className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
              {t('tokenHeading')}
            </h3>
            {/* Groups of four wrap whole, so a phone never splits a group across lines. */}
            <p className="mt-1 flex select-all flex-wrap gap-x-2 font-mono text-lg font-bold tabular-nums text-emerald-950 sm:gap-x-3 sm:text-2xl dark:text-emerald-100">
              {groupToken(receipt.token)
                .split(' ')
                .map((group, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions in one token.
                  <span key={index}>{group}</span>
                ))}
            </p>
            {receipt.units ? (
              <p className="mt-1 text-sm font-medium text-emerald-900 dark:text-emerald-200">
                {t('unitsValue', { units: receipt.units })}
              </p>
            ) : null}
            <p className="mt-2 text-xs text-emerald-800/80 dark:text-emerald-300/80">
              {t('tokenHint')}
            </p>
          </div>
        ) : null}

        <dl className="mt-5 grid grid-cols-1 gap-2 rounded-lg border p-3 text-sm">
          <SummaryRow label={t('fieldProvider')} value={biller.name} text />
          {item && biller.items.length > 1 ? (
            <SummaryRow label={t('fieldPackage')} value={item.name} text />
          ) : null}
          {/* A phone top-up names nobody: its number, as people read it, says whom it is for. */}
          {customer.customerName === null ? null : (
            <SummaryRow label={t('fieldCustomer')} value={customer.customerName} text />
          )}
          <SummaryRow
            label={customerNumberLabel(t, biller.type, biller.customerNumber)}
            value={
              customer.customerName === null
                ? formatTopUpNumber(customer.accountNumber)
                : customer.accountNumber
            }
            code
          />
          <SummaryRow
            label={t('fieldAmount')}
            value={formatAmount(
              transaction.amount,
              transaction.fromWallet?.currency ?? { code: 'NGN', symbol: '₦' },
            )}
            strong
          />
        </dl>
        {details.isError ? (
          <p className="mt-3 text-xs text-muted-foreground">{t('statusUnavailable')}</p>
        ) : null}

        <div className="mt-5 grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button asChild variant="outline">
            <Link href={`/transactions/${transaction.id}`}>
              <FileText aria-hidden="true" />
              {t('viewDetails')}
            </Link>
          </Button>
          <Button type="button" onClick={onPayAnother}>
            <RotateCcw aria-hidden="true" />
            {t('payAnother')}
          </Button>
        </div>
      </section>
    </Card>
  )
}
