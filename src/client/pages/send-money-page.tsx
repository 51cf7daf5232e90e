import {
  CalendarClock,
  ChevronRight,
  Clock,
  Globe,
  Headphones,
  Landmark,
  LayoutGrid,
  type LucideIcon,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react'
import { Link } from 'wouter'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useTransferMessages } from '#client/features/transfers/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

type MessageKey = Parameters<ReturnType<typeof useTransferMessages>>[0]

const SEND_OPTIONS: readonly {
  href: string
  label: MessageKey
  text: MessageKey
  badge: MessageKey | null
  icon: LucideIcon
  tone: string
}[] = [
  {
    href: '/sabi-transfer',
    label: 'sabiTransfer',
    text: 'sabiTransferText',
    badge: 'free',
    icon: Users,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  {
    href: '/bank-transfer',
    label: 'bankTransfer',
    text: 'bankTransferText',
    badge: null,
    icon: Landmark,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  },
  {
    href: '/transfer-global',
    label: 'sendGlobally',
    text: 'sendGloballyText',
    badge: null,
    icon: Globe,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300',
  },
  // Payday transfers that run on their own (docs/scheduled-transfers.md).
  {
    href: '/scheduled-transfers',
    label: 'scheduledTransfers',
    text: 'scheduledTransfersText',
    badge: null,
    icon: CalendarClock,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  },
]

const REASONS: readonly { label: MessageKey; icon: LucideIcon }[] = [
  { label: 'whySecure', icon: ShieldCheck },
  { label: 'whyTracking', icon: Clock },
  { label: 'whySupport', icon: Headphones },
  { label: 'whyRates', icon: TrendingUp },
]

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'

function SendMoneyHub() {
  const t = useTransferMessages()
  return (
    <AppShell>
      <PageHeader
        title={t('hubTitle')}
        description={t('hubDescription')}
        backHref="/"
        backLabel={t('back')}
      />
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        <section aria-labelledby="send-options-heading" className="min-w-0 lg:col-span-2">
          <h2 id="send-options-heading" className="sr-only">
            {t('sendOptions')}
          </h2>
          <ul className="grid grid-cols-1 gap-3">
            {SEND_OPTIONS.map((option) => {
              const Icon = option.icon
              return (
                <li key={option.href}>
                  <Link
                    href={option.href}
                    className={cn(
                      'group flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted sm:p-5',
                      focusRing,
                    )}
                  >
                    <span
                      className={cn(
                        'flex size-12 shrink-0 items-center justify-center rounded-xl',
                        option.tone,
                      )}
                    >
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">{t(option.label)}</span>
                        {option.badge ? <Badge variant="success">{t(option.badge)}</Badge> : null}
                      </span>
                      <span className="mt-0.5 block text-sm text-muted-foreground">
                        {t(option.text)}
                      </span>
                    </span>
                    <ChevronRight
                      className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              )
            })}
          </ul>
          <Link
            href="/transfer-options"
            className={cn(
              'group mt-4 flex items-center gap-4 rounded-xl bg-linear-to-br from-emerald-600 to-emerald-800 p-5 text-white shadow-lg transition-transform hover:-translate-y-0.5 sm:mt-6',
              focusRing,
            )}
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
              <LayoutGrid className="size-6" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{t('transferOptions')}</span>
              <span className="mt-0.5 block text-sm text-emerald-50/90">
                {t('transferOptionsText')}
              </span>
              <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-emerald-100">
                {t('transferOptionsAction')}
                <ChevronRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
            </span>
          </Link>
        </section>
        <Card className="h-fit">
          <section aria-labelledby="why-heading" className="p-5">
            <h2 id="why-heading" className="text-base font-semibold">
              {t('whyChoose')}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-3">
              {REASONS.map((reason) => {
                const Icon = reason.icon
                return (
                  <li key={reason.label} className="flex items-center gap-3 text-sm">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    {t(reason.label)}
                  </li>
                )
              })}
            </ul>
          </section>
        </Card>
      </div>
    </AppShell>
  )
}

/** `/send-money`: the three ways to send, the transfer options and why Sabi (docs/screens.md). */
export function SendMoneyPage() {
  return (
    <RequireSignedIn>
      <SendMoneyHub />
    </RequireSignedIn>
  )
}
