import {
  ArrowDownLeft,
  ArrowRight,
  ArrowUpRight,
  Check,
  Globe,
  Receipt,
  Smartphone,
  Zap,
} from 'lucide-react'
import { InstallAppButton } from '#client/components/install/install-app-button.tsx'
import { LogoMark } from '#client/components/logo.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { linkButtonClass, SIGN_UP_PATH } from '../../components/link-button.ts'
import { useLandingMessages } from './messages.ts'

type LandingMessages = ReturnType<typeof useLandingMessages>

// The sample phone's amounts, written as the page's language writes money.
const NAIRA = { code: 'NGN', symbol: '₦' }

export function HeroSection() {
  const t = useLandingMessages()
  const points = [t('heroPointFree'), t('heroPointInstant'), t('heroPointSecure')]
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-emerald-950 text-white"
    >
      {/* Soft light behind the text: pure CSS, so the hero costs no image bytes. */}
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(60rem_30rem_at_10%_-10%,rgba(16,185,129,0.45),transparent_60%),radial-gradient(40rem_30rem_at_100%_110%,rgba(245,158,11,0.22),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-xs font-medium text-emerald-50 sm:text-sm">
            <Globe className="size-4 text-amber-300" aria-hidden="true" />
            {t('heroEyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('heroTitle')}
          </h1>
          <p className="mt-5 max-w-xl text-pretty text-base leading-relaxed text-emerald-50/90 sm:text-lg">
            {t('heroSubtitle')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={SIGN_UP_PATH} className={linkButtonClass('light', 'lg')}>
              {t('getStarted')}
              <ArrowRight aria-hidden="true" />
            </a>
            <InstallAppButton
              className={linkButtonClass('outlineLight', 'lg')}
              downloadLabel={t('downloadApp')}
              installLabel={t('installApp')}
            />
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-emerald-50/90">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Check className="size-4 text-amber-300" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <WalletPreview t={t} />
      </div>
    </section>
  )
}

/** A drawn phone showing the wallet with sample figures: HTML and CSS, no image to download. */
function WalletPreview({ t }: { t: LandingMessages }) {
  const actions = [
    { icon: ArrowUpRight, label: t('previewSend') },
    { icon: ArrowDownLeft, label: t('previewReceive') },
    { icon: Receipt, label: t('previewBills') },
    { icon: Smartphone, label: t('previewAirtime') },
  ]
  const rows = [
    {
      icon: ArrowDownLeft,
      title: t('previewRow1Title'),
      detail: t('previewRow1Detail'),
      amount: formatAmount('45000', NAIRA, { sign: 'always' }),
      incoming: true,
    },
    {
      icon: Zap,
      title: t('previewRow2Title'),
      detail: t('previewRow2Detail'),
      amount: formatAmount('-12500', NAIRA),
      incoming: false,
    },
    {
      icon: Globe,
      title: t('previewRow3Title'),
      detail: t('previewRow3Detail'),
      amount: formatAmount('-1200', { code: 'ZAR', symbol: 'R' }),
      incoming: false,
    },
  ]
  return (
    <figure className="mx-auto w-full max-w-[20rem]" aria-label={t('previewLabel')}>
      <div className="rounded-[2.5rem] border border-white/15 bg-white/10 p-2.5 shadow-2xl shadow-emerald-950/60 backdrop-blur">
        <div className="overflow-hidden rounded-[2rem] bg-slate-50 text-slate-900">
          <div className="bg-gradient-to-br from-emerald-700 to-emerald-900 px-5 pt-6 pb-5 text-white">
            <div className="flex items-center justify-between">
              <span className="text-xs text-emerald-100">{t('previewGreeting')}</span>
              <LogoMark className="size-7" />
            </div>
            <p className="mt-4 text-xs text-emerald-100">{t('previewBalanceLabel')}</p>
            <p className="mt-1 text-3xl font-bold tracking-tight">
              {formatAmount('2480.50', { code: 'USD', symbol: '$' })}
            </p>
            <ul className="mt-5 grid grid-cols-4 gap-2 text-center">
              {actions.map(({ icon: Icon, label }) => (
                <li key={label} className="flex flex-col items-center gap-1.5">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-white/15">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-[0.7rem] text-emerald-50">{label}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="px-4 pt-4 pb-5">
            <p className="px-1 text-xs font-semibold text-slate-600">{t('previewRecent')}</p>
            <ul className="mt-2 space-y-2">
              {rows.map(({ icon: Icon, title, detail, amount, incoming }) => (
                <li
                  key={title}
                  className="flex items-center gap-3 rounded-xl bg-white p-2.5 shadow-sm"
                >
                  <span
                    className={cn(
                      'flex size-9 shrink-0 items-center justify-center rounded-full',
                      incoming ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-700',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-xs font-semibold">{title}</span>
                    <span className="block text-[0.7rem] text-slate-600">{detail}</span>
                  </span>
                  <span
                    className={cn(
                      'text-xs font-semibold tabular-nums',
                      incoming ? 'text-emerald-700' : 'text-slate-800',
                    )}
                  >
                    {amount}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </figure>
  )
}
