import { ArrowLeft, Info } from 'lucide-react'
import { Link } from 'wouter'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { useDemoMessages } from '#client/features/demo/messages.ts'
import {
  SAMPLE_TRANSACTIONS,
  SampleTransactionList,
} from '#client/features/demo/sample-transactions.tsx'
import { formatSampleAmount } from '#client/lib/sample-money.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/** The fixed sample balance of /minimal; it never changes, which is the point of the page. */
const SAMPLE_BALANCE_MINOR = 123456n

/** /minimal: the smallest dashboard, a fixed sample balance and sample transactions. */
export function MinimalPage() {
  const t = useDemoMessages()
  useDocumentTitle(t('minimalTitle'))
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-2xl items-center justify-between px-4">
          <HomeLogoLink />
          <Badge variant="warning">{t('sampleBadge')}</Badge>
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-5 px-4 py-6">
        <h1 className="text-2xl font-bold">{t('minimalTitle')}</h1>
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('minimalNotice')}
        </p>
        <section
          aria-labelledby="minimal-balance"
          className="rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-950 p-6 text-white shadow-lg"
        >
          <h2 id="minimal-balance" className="text-sm text-emerald-100">
            {t('minimalBalance')}
          </h2>
          <p
            className="mt-1 text-4xl font-bold tracking-tight tabular-nums"
            data-testid="sample-balance"
          >
            {formatSampleAmount(SAMPLE_BALANCE_MINOR, 'USD', '$')}
          </p>
          <Badge className="mt-4 bg-white/15 text-white">USD</Badge>
        </section>
        <Card>
          <CardHeader>
            <CardTitle>{t('minimalTransactions')}</CardTitle>
          </CardHeader>
          <CardContent>
            <SampleTransactionList transactions={SAMPLE_TRANSACTIONS} />
          </CardContent>
        </Card>
        <Link
          href="/"
          className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backHome')}
        </Link>
      </main>
    </div>
  )
}
