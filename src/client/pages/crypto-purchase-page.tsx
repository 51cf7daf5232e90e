import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { CryptoHoldings } from '#client/features/crypto/crypto-holdings.tsx'
import { CryptoPurchase } from '#client/features/crypto/crypto-purchase.tsx'
import { useCryptoMessages } from '#client/features/crypto/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function CryptoPurchaseContent() {
  const t = useCryptoMessages()
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
          <CryptoPurchase />
          <CryptoHoldings />
        </div>
      </div>
    </AppShell>
  )
}

/** `/crypto-purchase`: buy crypto at the server's price and see what you hold (docs/screens.md). */
export function CryptoPurchasePage() {
  return (
    <RequireSignedIn>
      <CryptoPurchaseContent />
    </RequireSignedIn>
  )
}
