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
import { formatAmount } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { RECIPIENTS_QUERY_KEY } from '../../entities/banks/use-bank-recipients.ts'
import { useBankTransferMessages } from './messages.ts'

/**
 * Follows a bank transfer just sent: Pending, Sent to the receiving bank, then Completed, or
 * Failed with the money back in the wallet. The details refresh while pending; when the
 * transfer settles, the balances and saved recipients are fetched again, since a failure put
 * the money back and a success saved the recipient.
 */
export function TransferProgress({
  transactionId,
  recipientName,
  onDismiss,
}: {
  transactionId: string
  recipientName: string
  onDismiss: () => void
}) {
  const t = useBankTransferMessages()
  const queryClient = useQueryClient()
  const details = useTransactionDetails(transactionId)
  const status = details.data?.status

  useEffect(() => {
    if (status !== 'completed' && status !== 'failed') return
    void refetchMoneyLists(queryClient)
    void queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY })
  }, [status, queryClient])

  const transaction = details.data
  const currency = transaction?.fromWallet?.currency
  return (
    <Card className="border-primary/30" data-testid="transfer-progress">
      <section aria-labelledby="transfer-progress-heading" className="p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="transfer-progress-heading" className="text-base font-semibold">
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
          </div>
          <div aria-live="polite" data-testid="transfer-progress-status">
            {transaction ? <TransactionStatusBadge status={transaction.status} /> : null}
          </div>
        </div>

        {transaction ? (
          <PayoutSteps
            transaction={transaction}
            testId="transfer-progress-steps"
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

        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <Button asChild variant="link" size="sm" className="px-0">
            <Link href={transactionDetailsPath(transactionId)}>
              {t('viewDetails')}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
            {t('dismiss')}
          </Button>
        </div>
      </section>
    </Card>
  )
}
