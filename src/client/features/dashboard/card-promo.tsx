import { ChevronRight, Wifi } from 'lucide-react'
import { Link } from 'wouter'
import { useDashboardMessages } from './messages.ts'

/** The virtual card promotion (docs/screens.md "Dashboard"), one large link to /card. */
export function CardPromo() {
  const t = useDashboardMessages()
  return (
    <Link
      href="/card"
      className="group relative flex h-full flex-col justify-between gap-6 overflow-hidden rounded-2xl bg-slate-900 p-6 text-white shadow-lg transition-transform focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 hover:-translate-y-0.5 dark:bg-slate-800"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-10 -top-10 size-40 rounded-full bg-emerald-500/20"
      />
      <div className="relative flex items-start justify-between">
        <div
          aria-hidden="true"
          className="h-8 w-11 rounded-md bg-linear-to-br from-amber-200 to-amber-400"
        />
        <Wifi className="size-6 rotate-90 text-white/70" aria-hidden="true" />
      </div>
      <div className="relative">
        <p className="text-lg font-semibold">{t('cardPromoTitle')}</p>
        <p className="mt-1 text-sm text-slate-300">{t('cardPromoText')}</p>
        <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-emerald-300">
          {t('cardPromoAction')}
          <ChevronRight
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </span>
      </div>
    </Link>
  )
}
