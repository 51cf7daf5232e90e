import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { DisputeList } from '#client/features/disputes/dispute-list.tsx'
import { useDisputeMessages } from '#client/features/disputes/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function DisputesContent() {
  const t = useDisputeMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader
          title={t('pageTitle')}
          description={t('pageDescription')}
          backHref="/profile"
          backLabel={t('back')}
        />
        <DisputeList />
      </div>
    </AppShell>
  )
}

/** `/disputes`: My reports, the problems the customer reported and where each stands. */
export function DisputesPage() {
  return (
    <RequireSignedIn>
      <DisputesContent />
    </RequireSignedIn>
  )
}
