import {
  Check,
  Globe,
  type LucideIcon,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react'
import { useLandingMessages } from './messages.ts'

type Feature = { icon: LucideIcon; title: string; text: string; points: string[]; tone: string }

export function FeaturesSection() {
  const t = useLandingMessages()
  // The features grid of docs/screens.md "Landing page", one card each.
  const features: Feature[] = [
    {
      icon: Wallet,
      title: t('walletTitle'),
      text: t('walletText'),
      points: [t('walletPoint1'), t('walletPoint2'), t('walletPoint3'), t('walletPoint4')],
      tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300',
    },
    {
      icon: Globe,
      title: t('crossBorderTitle'),
      text: t('crossBorderText'),
      points: [t('crossBorderPoint1'), t('crossBorderPoint2'), t('crossBorderPoint3')],
      tone: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-300',
    },
    {
      icon: ShieldCheck,
      title: t('securityTitle'),
      text: t('securityText'),
      points: [t('securityPoint1'), t('securityPoint2'), t('securityPoint3')],
      tone: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-300',
    },
    {
      icon: Smartphone,
      title: t('mobileTitle'),
      text: t('mobileText'),
      points: [t('mobilePoint1'), t('mobilePoint2'), t('mobilePoint3')],
      tone: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-300',
    },
    {
      icon: Users,
      title: t('communityTitle'),
      text: t('communityText'),
      points: [t('communityPoint1'), t('communityPoint2'), t('communityPoint3')],
      tone: 'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-300',
    },
    {
      icon: TrendingUp,
      title: t('wealthTitle'),
      text: t('wealthText'),
      points: [t('wealthPoint1'), t('wealthPoint2'), t('wealthPoint3'), t('wealthPoint4')],
      tone: 'bg-teal-100 text-teal-800 dark:bg-teal-900/50 dark:text-teal-300',
    },
  ]

  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t('featuresEyebrow')}
          </p>
          <h2
            id="features-title"
            className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {t('featuresTitle')}
          </h2>
          <p className="mt-4 text-pretty text-muted-foreground sm:text-lg">
            {t('featuresSubtitle')}
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text, points, tone }) => (
            <li
              key={title}
              className="group rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className={`flex size-12 items-center justify-center rounded-xl ${tone}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              <ul className="mt-4 space-y-2">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
