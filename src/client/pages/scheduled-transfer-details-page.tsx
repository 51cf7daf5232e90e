import { useParams } from 'wouter'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useScheduledTransferMessages } from '#client/features/scheduled-transfers/messages.ts'
import { ScheduledTransferDetailsView } from '#client/features/scheduled-transfers/scheduled-transfer-details.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'

function ScheduledTransferDetailsContent() {
  const t = useScheduledTransferMessages()
  const { id = '' } = useParams<{ id: string }>()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('detailsTitle')}
          description={t('detailsDescription')}
          backHref={CLIENT_ROUTES.scheduledTransfers}
          backLabel={t('back')}
        />
        <ScheduledTransferDetailsView id={id} />
      </div>
    </AppShell>
  )
}

/** `/scheduled-transfers/:id`: one schedule with its runs and its controls. */
export function ScheduledTransferDetailsPage() {
  return (
    <RequireSignedIn>
      <ScheduledTransferDetailsContent />
    </RequireSignedIn>
  )
}
