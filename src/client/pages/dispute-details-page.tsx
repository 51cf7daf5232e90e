import { useParams } from 'wouter'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { DisputeDetailsView } from '#client/features/disputes/dispute-details.tsx'
import { useDisputeMessages } from '#client/features/disputes/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function DisputeDetailsContent() {
  const t = useDisputeMessages()
  const { id = '' } = useParams<{ id: string }>()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('detailsTitle')}
          description={t('detailsDescription')}
          backHref="/disputes"
          backLabel={t('back')}
        />
        <DisputeDetailsView id={id} />
      </div>
    </AppShell>
  )
}

/** `/disputes/:id`: one report with its transaction and timeline. */
export function DisputeDetailsPage() {
  return (
    <RequireSignedIn>
      <DisputeDetailsContent />
    </RequireSignedIn>
  )
}
