import { CheckCircle2, Clock, Share2, XCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { useTransactionMessages } from '#client/entities/transactions/messages.ts'
import { shareReceipt } from '#client/entities/transactions/share-receipt.ts'
import { transactionAmountDisplay } from '#client/entities/transactions/transaction-format.ts'
import {
  amountFields,
  summaryFields,
  verifyUrlOf,
} from '#client/entities/transactions/transaction-receipt.ts'
import { useTransactionDetails } from '#client/entities/transactions/use-transaction-details.ts'
import { cn } from '#client/lib/cn.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import { useMoneyActionMessages } from './messages.ts'

const STATUS_LOOKS = {
  completed: { icon: CheckCircle2, tone: 'text-success', label: 'statusCompleted' },
  pending: { icon: Clock, tone: 'text-amber-600 dark:text-amber-300', label: 'statusPending' },
  failed: { icon: XCircle, tone: 'text-destructive', label: 'statusFailed' },
} as const

function isKnownStatus(status: string): status is keyof typeof STATUS_LOOKS {
  return Object.hasOwn(STATUS_LOOKS, status)
}

/**
 * Where every money action lands (docs/receipts.md): status, amount, fee, the other party,
 * date, reference and the verification code, with Share (image and text) and the full details.
 * A pending payout keeps refreshing here until its provider answers.
 */
export function MoneyReceipt({
  transactionId,
  onStatus,
  onDone,
}: {
  transactionId: string
  onStatus: (status: string) => void
  onDone: () => void
}) {
  const t = useMoneyActionMessages()
  const tt = useTransactionMessages()
  const details = useTransactionDetails(transactionId)
  const [sharing, setSharing] = useState(false)
  const transaction = details.data
  const status = transaction?.status
  useEffect(() => {
    if (status) onStatus(status)
  }, [status, onStatus])

  if (!transaction) {
    return (
      <div className="grid justify-items-center gap-3 py-8">
        <DialogTitle>{t('receiptTitle')}</DialogTitle>
        <Spinner label={t('receiptLoading')} />
      </div>
    )
  }
  const look = isKnownStatus(transaction.status)
    ? STATUS_LOOKS[transaction.status]
    : STATUS_LOOKS.pending
  const Icon = look.icon
  const headline = transactionAmountDisplay(transaction).text
  return (
    <div className="grid gap-4" data-testid="money-receipt">
      <div className="grid justify-items-center gap-1 text-center">
        <Icon className={cn('size-12', look.tone)} aria-hidden="true" />
        <DialogTitle className="pr-0">{t('receiptTitle')}</DialogTitle>
        <p className={cn('text-sm font-semibold', look.tone)} data-testid="receipt-outcome">
          {t(look.label)}
        </p>
        <p
          className={cn('amount font-bold', headlineAmountSize(headline))}
          data-testid="receipt-headline-amount"
        >
          {headline}
        </p>
      </div>
      <dl className="grid gap-2 rounded-xl border p-3 text-sm">
        {[...amountFields(transaction, tt), ...summaryFields(transaction, tt)].map((field) => (
          <SummaryRow
            key={field.key}
            label={field.label}
            value={field.value}
            text={
              field.look !== 'mono' && !['amount', 'fee', 'total', 'converted'].includes(field.key)
            }
            code={field.look === 'mono'}
            testId={`receipt-${field.key}`}
          />
        ))}
      </dl>
      <p className="break-words text-xs text-muted-foreground">
        {t('receiptVerifyHint', { url: verifyUrlOf(transaction) })}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          type="button"
          variant="outline"
          disabled={sharing}
          onClick={() => {
            setSharing(true)
            void shareReceipt(transaction, tt).finally(() => setSharing(false))
          }}
        >
          <Share2 aria-hidden="true" />
          {t('shareReceipt')}
        </Button>
        <Button asChild variant="outline">
          <Link href={`/transactions/${transaction.id}`} onClick={onDone}>
            {t('viewDetails')}
          </Link>
        </Button>
      </div>
      <Button type="button" size="lg" onClick={onDone}>
        {t('done')}
      </Button>
    </div>
  )
}
