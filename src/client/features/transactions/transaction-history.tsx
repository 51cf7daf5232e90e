import { Plus, Receipt, Send } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { LazyAddFundsDialog } from '#client/components/add-funds/lazy-add-funds-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { ReportedBadge } from '#client/entities/disputes/dispute-badges.tsx'
import { useTransactionMessages } from '../../entities/transactions/messages.ts'
import { TransactionRow } from '../../entities/transactions/transaction-row.tsx'
import { TransactionSkeletons } from '../../entities/transactions/transaction-skeletons.tsx'
import { TransactionStatusBadge } from '../../entities/transactions/transaction-status-badge.tsx'
import { useTransactionHistory } from '../../entities/transactions/use-transactions.ts'

/** The history shows 8 skeleton rows while it loads (docs/screens.md "Transaction History"). */
const SKELETON_ROWS = 8

function EmptyState({ onAddFunds }: { onAddFunds: () => void }) {
  const t = useTransactionMessages()
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Receipt className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold">{t('noTransactions')}</p>
      <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('noTransactionsText')}</p>
      <div className="mt-5 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link href="/send-money">
            <Send aria-hidden="true" />
            {t('sendMoney')}
          </Link>
        </Button>
        <Button variant="outline" onClick={onAddFunds}>
          <Plus aria-hidden="true" />
          {t('addFunds')}
        </Button>
      </div>
    </div>
  )
}

/** Every transaction of the user with its details and status (docs/screens.md). */
export function TransactionHistory({ enabled }: { enabled: boolean }) {
  const t = useTransactionMessages()
  const history = useTransactionHistory({ enabled })
  // One clock reading per mount keeps "Today" and "Yesterday" consistent across the rows.
  const [nowMs] = useState(() => Date.now())
  // The dialog lives here, not in the empty state, which goes away as soon as funds arrive.
  const [addFundsOpen, setAddFundsOpen] = useState(false)
  const items = history.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <Card>
      <section aria-labelledby="all-transactions-heading" className="p-5">
        <h2 id="all-transactions-heading" className="text-base font-semibold">
          {t('allTransactions')}
        </h2>
        <div className="mt-2">
          {history.isPending ? (
            <TransactionSkeletons count={SKELETON_ROWS} label={t('loadingTransactions')} />
          ) : history.isError ? (
            <div className="mt-2 flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('transactionsUnavailable')}</p>
              <Button
                variant="outline"
                size="sm"
                disabled={history.isFetching}
                onClick={() => {
                  void history.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyState onAddFunds={() => setAddFundsOpen(true)} />
          ) : (
            <>
              <ul className="divide-y">
                {items.map((transaction) => (
                  <li key={transaction.id}>
                    <TransactionRow
                      transaction={transaction}
                      nowMs={nowMs}
                      showReference
                      linked
                      trailing={
                        <>
                          <TransactionStatusBadge status={transaction.status} />
                          <ReportedBadge mark={transaction.dispute} />
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
              {history.hasNextPage ? (
                <div className="mt-3 flex justify-center border-t pt-4">
                  <Button
                    variant="outline"
                    disabled={history.isFetchingNextPage}
                    onClick={() => {
                      void history.fetchNextPage()
                    }}
                  >
                    {history.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </section>
      <LazyAddFundsDialog open={addFundsOpen} onOpenChange={setAddFundsOpen} />
    </Card>
  )
}
