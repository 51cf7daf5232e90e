import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useTransactionMessages } from '#client/entities/transactions/messages.ts'
import { StatementButton } from '#client/features/statements/statement-dialog.tsx'
import { TransactionHistory } from '#client/features/transactions/transaction-history.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function TransactionsContent() {
  const t = useTransactionMessages()
  const { user } = useAuth()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader
          title={t('historyTitle')}
          description={t('historyDescription')}
          backHref="/"
          backLabel={t('back')}
          actions={<StatementButton />}
        />
        <TransactionHistory enabled={user !== null} />
      </div>
    </AppShell>
  )
}

/** `/transactions`: the whole history with a status on every row (docs/screens.md). */
export function TransactionsPage() {
  return (
    <RequireSignedIn>
      <TransactionsContent />
    </RequireSignedIn>
  )
}
