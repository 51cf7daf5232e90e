import { ChevronRight } from 'lucide-react'
import { Link } from 'wouter'
import { Flag } from '#client/components/flag.tsx'
import { formatPercentNumber } from '#client/lib/format-change.ts'
import { INTERNATIONAL_REGIONS } from '#shared/schemas/international.ts'
import { formatBasisPoints } from './destination-params.ts'
import { REGION_LABELS } from './international-labels.ts'
import { useInternationalMessages } from './messages.ts'

/** Flags shown per region card: enough to recognise it, few enough to fit a phone. */
const FLAGS_SHOWN = 3

/**
 * The six destination regions, each with its fee range (docs/transfers.md "Regions and fees"),
 * leading to /international-transfer?region={id}.
 */
export function RegionGrid() {
  const t = useInternationalMessages()
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="regions">
      {INTERNATIONAL_REGIONS.map((region) => (
        <li key={region.id}>
          <Link
            href={`/international-transfer?region=${region.id}`}
            className="group flex h-full items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-1 text-xl leading-none" aria-hidden="true">
                {region.countries.slice(0, FLAGS_SHOWN).map((country) => (
                  <Flag key={country.code} country={country.code} />
                ))}
              </span>
              <span className="mt-2 block font-semibold">{t(REGION_LABELS[region.id])}</span>
              <span className="mt-0.5 block text-sm font-medium text-primary">
                {t('feeRange', {
                  min: formatPercentNumber(formatBasisPoints(region.feeRangeBasisPoints.min)),
                  max: formatPercentNumber(formatBasisPoints(region.feeRangeBasisPoints.max)),
                })}
              </span>
            </span>
            <ChevronRight
              className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        </li>
      ))}
    </ul>
  )
}
