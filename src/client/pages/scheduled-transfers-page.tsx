import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useScheduledTransferMessages } from '#client/features/scheduled-transfers/messages.ts'
import { ScheduledTransferList } from '#client/features/scheduled-transfers/scheduled-transfer-list.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'

function ScheduledTransfersContent() {
  const t = useScheduledTransferMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader
          title={t('pageTitle')}
          description={t('pageDescription')}
          backHref={CLIENT_ROUTES.sendMoney}
          backLabel={t('back')}
        />
        <ScheduledTransferList />
      </div>
    </AppShell>
  )
}

/** `/scheduled-transfers`: the user's scheduled and recurring transfers. */
export function ScheduledTransfersPage() {
  return (
    <RequireSignedIn>
      <ScheduledTransfersContent />
    </RequireSignedIn>
  )
}
