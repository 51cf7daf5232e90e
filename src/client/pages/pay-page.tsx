import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { usePayMessages } from '#client/features/pay/messages.ts'
import { PayRequest } from '#client/features/pay/pay-request.tsx'
import { AppShell } from '#client/features/shell/app-shell.tsx'

function PayContent() {
  const t = usePayMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-lg">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <PayRequest />
      </div>
    </AppShell>
  )
}

/**
 * `/pay?data=...`: pays a payment request link (issue "Getting paid"). A visitor goes through
 * sign-in and comes back to this same address, query included.
 */
export function PayPage() {
  return (
    <RequireSignedIn>
      <PayContent />
    </RequireSignedIn>
  )
}
