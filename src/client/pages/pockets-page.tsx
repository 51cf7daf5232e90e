import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { usePocketMessages } from '#client/features/pockets/messages.ts'
import { PocketList } from '#client/features/pockets/pocket-list.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function PocketsContent() {
  const t = usePocketMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('pageTitle')}
          description={t('pageDescription')}
          backHref="/"
          backLabel={t('back')}
        />
        <PocketList />
      </div>
    </AppShell>
  )
}

/** `/pockets`: savings pockets (docs/pockets.md). */
export function PocketsPage() {
  return (
    <RequireSignedIn>
      <PocketsContent />
    </RequireSignedIn>
  )
}
