import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useTopUpMessages } from '#client/features/top-up/messages.ts'
import { TopUpReturn } from '#client/features/top-up/top-up-return.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function AddFundsReturnContent() {
  const t = useTopUpMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('pageTitle')}
          description={t('pageDescription')}
          backHref="/"
          backLabel={t('back')}
        />
        <TopUpReturn />
      </div>
    </AppShell>
  )
}

/**
 * `/add-funds/return`: where the payment provider's checkout sends the user back after a card
 * top-up (docs/funding.md), with `?reference=…`.
 */
export function AddFundsReturnPage() {
  return (
    <RequireSignedIn>
      <AddFundsReturnContent />
    </RequireSignedIn>
  )
}
