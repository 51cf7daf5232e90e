import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { usePayMessages } from '#client/features/pay/messages.ts'
import { PayPreview } from '#client/features/pay/pay-preview.tsx'
import { PayRequest } from '#client/features/pay/pay-request.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

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
 * `/pay?data=...`: pays a payment request link (issue "Getting paid"). A visitor first sees who
 * asks and how much (docs/getting-paid.md "Preview for visitors"), then goes through sign-in or
 * sign-up and comes back to this same address, query included.
 */
export function PayPage() {
  const { isLoading, isAuthenticated, isUnreachable } = useAuth()
  if (!isLoading && !isAuthenticated && !isUnreachable) return <PayPreview />
  return (
    <RequireSignedIn>
      <PayContent />
    </RequireSignedIn>
  )
}
