import { ChevronRight, Receipt, Send } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { TransactionRow } from '#client/entities/transactions/transaction-row.tsx'
import { TransactionSkeletons } from '#client/entities/transactions/transaction-skeletons.tsx'
import { useRecentTransactions } from '#client/entities/transactions/use-transactions.ts'
import { useDashboardMessages } from './messages.ts'

/** The dashboard lists 5 transactions and shows 4 skeleton rows while loading (docs/screens.md). */
export const RECENT_TRANSACTION_COUNT = 5
const SKELETON_ROWS = 4

function EmptyState() {
  const t = useDashboardMessages()
  return (
    <div className="flex flex-col items-center px-4 py-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Receipt className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold">{t('noTransactions')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('noTransactionsText')}</p>
      <Button asChild className="mt-5">
        <Link href="/send-money">
          <Send aria-hidden="true" />
          {t('sendFirstPayment')}
        </Link>
      </Button>
    </div>
  )
}

/** The newest transactions (docs/screens.md "Dashboard"), with a link to the full history. */
export function RecentTransactions({ enabled }: { enabled: boolean }) {
  const t = useDashboardMessages()
  const transactions = useRecentTransactions({ enabled })
  // One clock reading per mount keeps "Today" and "Yesterday" consistent across the rows.
  const [nowMs] = useState(() => Date.now())
  const items = transactions.data?.items.slice(0, RECENT_TRANSACTION_COUNT) ?? []

  return (
    <Card className="h-full">
      <section aria-labelledby="recent-transactions-heading" className="p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-transactions-heading" className="text-base font-semibold">
            {t('recentTransactions')}
          </h2>
          <Link
            href="/transactions"
            className="inline-flex items-center gap-0.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('viewAll')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="mt-2">
          {transactions.isPending ? (
            <TransactionSkeletons count={SKELETON_ROWS} label={t('loadingTransactions')} />
          ) : transactions.isError ? (
            <div className="mt-2 flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('transactionsUnavailable')}</p>
              <Button
                variant="outline"
                size="sm"
                disabled={transactions.isFetching}
                onClick={() => {
                  void transactions.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="divide-y">
              {items.map((transaction) => (
                <li key={transaction.id}>
                  <TransactionRow transaction={transaction} nowMs={nowMs} linked />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  )
}
