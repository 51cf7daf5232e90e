import { useParams } from 'wouter'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { useStatementMessages } from '#client/features/statements/messages.ts'
import { VerifyStatement } from '#client/features/statements/verify-statement.tsx'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/**
 * `/verify/statement/:code`: the public statement check (docs/statements.md). No sign-in, so a
 * bank or an embassy holding the paper can check it from the QR code on it.
 */
export function VerifyStatementPage() {
  const t = useStatementMessages()
  useDocumentTitle(t('verifyTitle'))
  const { code = '' } = useParams<{ code: string }>()
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-lg items-center px-4">
          <HomeLogoLink />
        </div>
      </header>
      <main id="main-content" className="mx-auto grid max-w-lg gap-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold">{t('verifyTitle')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('verifyDescription')}</p>
        </div>
        <VerifyStatement key={code} code={code} />
      </main>
    </div>
  )
}
