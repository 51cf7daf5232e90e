import { useSearch } from 'wouter'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { readDestination } from '#client/features/international/destination-params.ts'
import { regionLabelOf } from '#client/features/international/international-labels.ts'
import { InternationalTransfer } from '#client/features/international/international-transfer.tsx'
import { useInternationalMessages } from '#client/features/international/messages.ts'
import { RegionGrid } from '#client/features/international/region-grid.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function InternationalTransferContent() {
  const t = useInternationalMessages()
  const destination = readDestination(useSearch())
  const { region } = destination
  const regionLabel = region ? regionLabelOf(region.id) : undefined
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-2xl">
        <PageHeader
          title={
            regionLabel
              ? t('transferTitleRegion', { region: t(regionLabel) })
              : t('unknownRegionTitle')
          }
          description={region ? t('transferDescription') : t('unknownRegionText')}
          backHref="/transfer-global"
          backLabel={t('back')}
        />
        {region ? (
          // A new region, country or saved recipient in the address starts a fresh form.
          <InternationalTransfer
            key={`${region.id}|${destination.countryCode ?? ''}|${destination.recipientId ?? ''}`}
            region={region}
            countryCode={destination.countryCode}
            method={destination.method}
            recipientId={destination.recipientId}
          />
        ) : (
          <RegionGrid />
        )}
      </div>
    </AppShell>
  )
}

/**
 * `/international-transfer?region={id}` and `/send-money/international?region=` (the
 * transfer options' and regions' targets, docs/screens.md): one screen that sends money abroad to a
 * country of the region.
 */
export function InternationalTransferPage() {
  return (
    <RequireSignedIn>
      <InternationalTransferContent />
    </RequireSignedIn>
  )
}
