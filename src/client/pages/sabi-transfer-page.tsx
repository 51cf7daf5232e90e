import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useTransferMessages } from '#client/features/transfers/messages.ts'
import { SabiTransfer } from '#client/features/transfers/sabi-transfer.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function SabiTransferContent() {
  const t = useTransferMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-2xl">
        <PageHeader
          title={t('transferTitle')}
          description={t('transferDescription')}
          backHref="/send-money"
          backLabel={t('back')}
        />
        <SabiTransfer />
      </div>
    </AppShell>
  )
}

/** `/sabi-transfer`: a free, instant transfer to another Sabi user (docs/screens.md). */
export function SabiTransferPage() {
  return (
    <RequireSignedIn>
      <SabiTransferContent />
    </RequireSignedIn>
  )
}
