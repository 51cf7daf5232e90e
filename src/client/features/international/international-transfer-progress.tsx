import { useQueryClient } from '@tanstack/react-query'
import { ChevronRight } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { PayoutSteps } from '#client/entities/transactions/payout-steps.tsx'
import { transactionDetailsPath } from '#client/entities/transactions/transaction-row.tsx'
import { TransactionStatusBadge } from '#client/entities/transactions/transaction-status-badge.tsx'
import { useTransactionDetails } from '#client/entities/transactions/use-transaction-details.ts'
import { formatAmount, formatAmountDigits } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { useInternationalMessages } from './messages.ts'
import { INTERNATIONAL_RECIPIENTS_QUERY_KEY } from './use-international-recipients.ts'

/**
 * Follows a transfer abroad just sent: Pending, Sent to the partner, then Completed (with the
 * pickup code for a cash pickup) or Failed with the money back. The details refresh while
 * pending; once the transfer settles, balances and saved recipients are fetched again, since a
 * failure put the money back and a payout saved the recipient.
 */
export function InternationalTransferProgress({
  transactionId,
  recipientName,
  onSendAnother,
}: {
  transactionId: string
  recipientName: string
  onSendAnother: () => void
}) {
  const t = useInternationalMessages()
  const queryClient = useQueryClient()
  const details = useTransactionDetails(transactionId)
  const status = details.data?.status

  useEffect(() => {
    if (status !== 'completed' && status !== 'failed') return
    void refetchMoneyLists(queryClient)
    void queryClient.invalidateQueries({ queryKey: INTERNATIONAL_RECIPIENTS_QUERY_KEY })
  }, [status, queryClient])

  const transaction = details.data
  const currency = transaction?.fromWallet?.currency
  const payout = transaction?.payout
  const receiveAmount = payout?.details.receiveAmount
  const receiveCurrency = payout?.details.receiveCurrency
  const pickupCode = payout?.receipt.pickupCode
  return (
    <Card className="border-primary/30" data-testid="international-progress">
      <section aria-labelledby="international-progress-heading" className="p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="international-progress-heading" className="text-base font-semibold">
              {t('progressHeading')}
            </h2>
            {transaction && currency ? (
              <p className="mt-0.5 text-sm break-words text-muted-foreground">
                {t('progressTo', {
                  amount: formatAmount(transaction.amount, currency),
                  name: recipientName,
                })}
              </p>
            ) : null}
            {receiveAmount && receiveCurrency ? (
              <p className="text-sm break-words text-muted-foreground">
                {t('progressReceives', {
                  name: recipientName,
                  amount: `${formatAmountDigits(receiveAmount, receiveCurrency)} ${receiveCurrency}`,
                })}
              </p>
            ) : null}
          </div>
          <div aria-live="polite" data-testid="international-progress-status">
            {transaction ? <TransactionStatusBadge status={transaction.status} /> : null}
          </div>
        </div>

        {transaction ? (
          <PayoutSteps
            transaction={transaction}
            testId="international-progress-steps"
            labels={{
              pending: { label: t('stepPending'), text: t('stepPendingText') },
              sent: { label: t('stepSent'), text: t('stepSentText') },
              completed: { label: t('stepCompleted'), text: t('stepCompletedText') },
              failed: { label: t('stepFailed'), text: t('stepFailedText') },
            }}
          />
        ) : details.isError ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('progressUnavailable')}</p>
        ) : (
          <div
            role="status"
            aria-label={t('progressLoading')}
            className="mt-4 h-16 animate-pulse rounded-lg bg-muted"
          />
        )}

        {pickupCode ? (
          <p
            className="mt-4 rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
            data-testid="pickup-code"
          >
            {t('pickupCode', { code: pickupCode })}
          </p>
        ) : null}
        {transaction?.status === 'failed' && payout?.failureReason ? (
          <p className="mt-4 rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {t('failedReason', { reason: payout.failureReason })}
          </p>
        ) : null}

        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <Button asChild variant="link" size="sm" className="px-0">
            <Link href={transactionDetailsPath(transactionId)}>
              {t('viewDetails')}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onSendAnother}>
            {t('sendAnother')}
          </Button>
        </div>
      </section>
    </Card>
  )
}
