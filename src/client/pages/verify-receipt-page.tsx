import { useParams } from 'wouter'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { useReceiptMessages } from '#client/features/receipts/messages.ts'
import { VerifyReceipt } from '#client/features/receipts/verify-receipt.tsx'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/**
 * `/verify` and `/verify/:code`: the public receipt check (docs/receipts.md). No sign-in, so a
 * merchant handed a screenshot can check it from any phone.
 */
export function VerifyReceiptPage() {
  const t = useReceiptMessages()
  useDocumentTitle(t('title'))
  const params = useParams<{ code?: string }>()
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-lg items-center px-4">
          <HomeLogoLink />
        </div>
      </header>
      <main id="main-content" className="mx-auto grid max-w-lg gap-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <VerifyReceipt key={params.code ?? ''} code={params.code} />
      </main>
    </div>
  )
}
