import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { BankTransfer } from '#client/features/bank-transfer/bank-transfer.tsx'
import { useBankTransferMessages } from '#client/features/bank-transfer/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function BankTransferContent() {
  const t = useBankTransferMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('pageDescription')}
          backHref="/send-money"
          backLabel={t('back')}
        />
        <BankTransfer />
      </div>
    </AppShell>
  )
}

/** `/bank-transfer`: send to a bank account, 2% fee on top, followed until it settles. */
export function BankTransferPage() {
  return (
    <RequireSignedIn>
      <BankTransferContent />
    </RequireSignedIn>
  )
}
