import { useParams } from 'wouter'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useTransactionMessages } from '#client/entities/transactions/messages.ts'
import { ReportProblem } from '#client/features/disputes/report-problem.tsx'
import { RepeatTransfer } from '#client/features/scheduled-transfers/repeat-transfer.tsx'
import { TransactionDetailsView } from '#client/features/transactions/transaction-details.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function TransactionDetailsContent() {
  const t = useTransactionMessages()
  const { id = '' } = useParams<{ id: string }>()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('detailsTitle')}
          description={t('detailsDescription')}
          backHref="/transactions"
          backLabel={t('back')}
        />
        <TransactionDetailsView
          id={id}
          footer={(transaction) => (
            <>
              <RepeatTransfer transaction={transaction} />
              <ReportProblem transaction={transaction} />
            </>
          )}
        />
      </div>
    </AppShell>
  )
}

/** `/transactions/:id`: one transaction with its timeline and a receipt to share or print. */
export function TransactionDetailsPage() {
  return (
    <RequireSignedIn>
      <TransactionDetailsContent />
    </RequireSignedIn>
  )
}
