import { ShieldCheck } from 'lucide-react'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useInternationalMessages } from '#client/features/international/messages.ts'
import { MethodCards } from '#client/features/international/method-cards.tsx'
import { RegionGrid } from '#client/features/international/region-grid.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function TransferGlobalContent() {
  const t = useInternationalMessages()
  return (
    <AppShell>
      <PageHeader
        title={t('globalTitle')}
        description={t('globalDescription')}
        backHref="/send-money"
        backLabel={t('back')}
      />
      <div className="grid grid-cols-1 gap-6 sm:gap-8">
        <section aria-labelledby="methods-heading">
          <h2 id="methods-heading" className="mb-3 text-lg font-semibold">
            {t('methodsHeading')}
          </h2>
          <MethodCards />
        </section>
        <section aria-labelledby="regions-heading">
          <h2 id="regions-heading" className="text-lg font-semibold">
            {t('regionsHeading')}
          </h2>
          <p className="mt-0.5 mb-3 text-sm text-muted-foreground">{t('regionsText')}</p>
          <RegionGrid />
        </section>
        <aside
          aria-labelledby="regulations-heading"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/30 dark:text-amber-100"
        >
          <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id="regulations-heading" className="text-sm font-semibold">
              {t('regulationsTitle')}
            </h2>
            <p className="mt-1 text-sm">{t('regulationsText')}</p>
          </div>
        </aside>
      </div>
    </AppShell>
  )
}

/** `/transfer-global`: how money can be received abroad, and where it can go (docs/screens.md). */
export function TransferGlobalPage() {
  return (
    <RequireSignedIn>
      <TransferGlobalContent />
    </RequireSignedIn>
  )
}
