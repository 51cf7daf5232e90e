import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { ExchangeForm } from '#client/features/exchange/exchange-form.tsx'
import { ExchangeWallets } from '#client/features/exchange/exchange-wallets.tsx'
import { useExchangeMessages } from '#client/features/exchange/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function ExchangeContent() {
  const t = useExchangeMessages()
  // Named columns (minmax(0, …)) keep a long figure from widening the page.
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ExchangeForm />
          <ExchangeWallets />
        </div>
      </div>
    </AppShell>
  )
}

/** `/exchange`: convert money between the user's currencies (docs/screens.md). */
export function ExchangePage() {
  return (
    <RequireSignedIn>
      <ExchangeContent />
    </RequireSignedIn>
  )
}
