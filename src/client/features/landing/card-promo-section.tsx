import { ArrowRight, BadgePercent, Coins, Nfc, ReceiptText } from 'lucide-react'
import { Link } from 'wouter'
import { LogoMark } from '#client/components/logo.tsx'
import { linkButtonClass, SIGN_UP_PATH } from '../../components/link-button.ts'
import { useLandingMessages } from './messages.ts'

type LandingMessages = ReturnType<typeof useLandingMessages>

export function CardPromoSection() {
  const t = useLandingMessages()
  const perks = [
    { icon: ReceiptText, title: t('cardPerkFeesTitle'), text: t('cardPerkFeesText') },
    { icon: Coins, title: t('cardPerkCashbackTitle'), text: t('cardPerkCashbackText') },
    { icon: BadgePercent, title: t('cardPerkDiscountsTitle'), text: t('cardPerkDiscountsText') },
  ]
  return (
    <section id="card" aria-labelledby="card-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div className="order-2 lg:order-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t('cardEyebrow')}
          </p>
          <h2
            id="card-title"
            className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {t('cardTitle')}
          </h2>
          <p className="mt-4 text-pretty text-muted-foreground sm:text-lg">{t('cardText')}</p>
          <ul className="mt-8 space-y-5">
            {perks.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={SIGN_UP_PATH} className={linkButtonClass('primary', 'lg')}>
              {t('getFreeCard')}
            </a>
            <Link href="/card" className={linkButtonClass('outline', 'lg')}>
              {t('learnMore')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </div>
        <div className="order-1 flex justify-center lg:order-2">
          <CardPreview t={t} />
        </div>
      </div>
    </section>
  )
}

/** The card drawn in CSS: a masked number ending 1234, valid thru 12/28, Visa. */
function CardPreview({ t }: { t: LandingMessages }) {
  return (
    <div className="relative w-full max-w-sm">
      <div
        aria-hidden="true"
        className="absolute inset-x-6 -bottom-4 top-6 -z-10 rounded-3xl bg-gradient-to-r from-amber-400/40 to-emerald-500/40 blur-2xl"
      />
      <div
        role="img"
        aria-label={t('cardPreviewLabel')}
        data-testid="card-preview"
        className="relative aspect-[1.586] w-full -rotate-3 overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-600 via-emerald-800 to-slate-900 p-5 text-white shadow-2xl transition-transform hover:rotate-0 sm:p-6"
      >
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-24 -left-10 size-56 rounded-full bg-amber-300/10"
        />
        <div className="relative flex h-full flex-col justify-between">
          <div className="flex items-center justify-between">
            <span className="flex items-center gap-2 text-lg font-bold">
              <LogoMark className="size-7" />
              {t('cardBrand')}
            </span>
            <span className="text-xs font-medium uppercase tracking-widest text-emerald-100">
              {t('cardKind')}
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span className="h-8 w-11 rounded-md bg-gradient-to-br from-amber-200 to-amber-500 shadow-inner" />
            <Nfc className="size-6 text-white/80" />
          </div>
          <p className="font-mono text-lg tracking-widest sm:text-xl">{t('cardNumber')}</p>
          <div className="flex items-end justify-between gap-4">
            <div>
              <p className="text-[0.65rem] uppercase tracking-wider text-emerald-100">
                {t('cardHolderLabel')}
              </p>
              <p className="text-sm font-medium">{t('cardHolder')}</p>
            </div>
            <p className="text-right">
              <span className="block text-[0.65rem] uppercase tracking-wider text-emerald-100">
                {t('cardValidThru')}
              </span>{' '}
              <span className="text-sm font-medium">{t('cardExpiry')}</span>
            </p>
            <span className="text-2xl font-black italic tracking-tight">{t('cardNetwork')}</span>
          </div>
        </div>
      </div>
    </div>
  )
}
