import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowRight,
  ArrowUpRight,
  BadgeCheck,
  Bitcoin,
  CreditCard,
  FileText,
  Info,
  Link2,
  Package,
  Store,
} from 'lucide-react'
import { Link, Redirect } from 'wouter'
import { SIGN_UP_PATH } from '#client/components/link-button.ts'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { DemoHeader } from '#client/features/demo/demo-header.tsx'
import { useDemoMessages } from '#client/features/demo/messages.ts'
import {
  SAMPLE_TRANSACTIONS,
  SampleTransactionList,
} from '#client/features/demo/sample-transactions.tsx'
import { formatSampleAmount } from '#client/lib/sample-money.ts'
import { signInPath, useAuth } from '#client/lib/use-auth.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

const SAMPLE_WALLETS = [
  { code: 'USD', symbol: '$', amountMinor: 425000n },
  { code: 'NGN', symbol: '₦', amountMinor: 125000000n },
  { code: 'ZAR', symbol: 'R', amountMinor: 340000n },
  { code: 'KES', symbol: 'KSh', amountMinor: 1850000n },
] as const

/**
 * /dashboard: the signed-in dashboard's look with sample data, for visitors only (docs/screens.md
 * "Demo pages"). A signed-in user has the real one at /, so they are sent there.
 */
export function DemoDashboardPage() {
  const t = useDemoMessages()
  useDocumentTitle(t('pageTitle'))
  const { isLoading, isAuthenticated } = useAuth()
  if (isLoading) return <PageSpinner />
  if (isAuthenticated) return <Redirect to="/" replace />

  const actions = [
    { icon: ArrowUpRight, label: t('actionSend') },
    { icon: ArrowDownLeft, label: t('actionReceive') },
    { icon: ArrowLeftRight, label: t('actionExchange') },
    { icon: Bitcoin, label: t('actionCrypto') },
  ]
  const tools = [
    { icon: Store, label: t('businessPos'), status: t('businessPosStatus'), available: true },
    {
      icon: Link2,
      label: t('businessRequest'),
      status: t('businessRequestStatus'),
      available: true,
    },
    {
      icon: FileText,
      label: t('businessBills'),
      status: t('businessBillsStatus'),
      available: true,
    },
    {
      icon: Package,
      label: t('businessInventory'),
      status: t('businessInventoryStatus'),
      available: false,
    },
  ]
  const [primaryWallet, ...otherWallets] = SAMPLE_WALLETS

  return (
    <div className="min-h-dvh bg-background">
      <DemoHeader label={t('demoBadge')} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6">
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('demoNotice')}
        </p>

        <section
          aria-labelledby="demo-welcome"
          className="rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-950 p-6 text-white shadow-lg"
        >
          <h1 id="demo-welcome" className="text-2xl font-bold">
            {t('demoWelcome', { name: t('sampleName') })}
          </h1>
          <p className="mt-1 text-sm text-emerald-100">{t('demoSubtitle')}</p>
          <p className="mt-6 text-sm text-emerald-100">{t('globalBalance')}</p>
          <p className="mt-1 text-4xl font-bold tracking-tight tabular-nums">
            {formatSampleAmount(
              primaryWallet.amountMinor,
              primaryWallet.code,
              primaryWallet.symbol,
            )}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Badge className="bg-white/15 text-white">{primaryWallet.code}</Badge>
            <Badge className="bg-white/15 text-white">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t('accountVerified')}
            </Badge>
          </div>
        </section>

        <section aria-labelledby="demo-wallets">
          <h2 id="demo-wallets" className="text-sm font-semibold text-muted-foreground">
            {t('walletsTitle')}
          </h2>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
            {otherWallets.map((wallet) => (
              <li
                key={wallet.code}
                className="flex items-center justify-between rounded-xl border bg-card px-4 py-3 sm:block sm:p-4"
              >
                <p className="text-xs font-medium text-muted-foreground">{wallet.code}</p>
                <p className="font-semibold tabular-nums sm:mt-1 sm:text-lg">
                  {formatSampleAmount(wallet.amountMinor, wallet.code, wallet.symbol)}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <Link
          href="/card"
          className="flex items-center gap-4 rounded-xl border bg-card p-4 transition-colors hover:bg-muted"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <CreditCard className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{t('cardPromoTitle')}</span>
            <span className="block text-sm text-muted-foreground">{t('cardPromoText')}</span>
          </span>
          <span className="hidden text-sm font-medium text-primary sm:inline">
            {t('cardPromoLink')}
          </span>
          <ArrowRight className="size-4 text-primary" aria-hidden="true" />
        </Link>

        <section aria-labelledby="demo-actions">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="demo-actions" className="text-lg font-semibold">
              {t('quickActionsTitle')}
            </h2>
            <p className="text-xs text-muted-foreground">{t('quickActionsHint')}</p>
          </div>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {actions.map(({ icon: Icon, label }) => (
              <li key={label}>
                <a
                  href={SIGN_UP_PATH}
                  className="flex h-full flex-col items-center gap-2 rounded-xl border bg-card p-4 text-center text-sm font-medium transition-colors hover:bg-muted"
                >
                  <span className="flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1.4fr_1fr] [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle>{t('recentTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <SampleTransactionList transactions={SAMPLE_TRANSACTIONS} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('businessTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {tools.map(({ icon: Icon, label, status, available }) => (
                  <li key={label} className="flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-lg bg-muted">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="flex-1 text-sm font-medium">{label}</span>
                    <Badge variant={available ? 'success' : 'outline'}>{status}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>

        <section
          aria-labelledby="demo-cta"
          className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-10"
        >
          <h2 id="demo-cta" className="text-2xl font-bold">
            {t('ctaTitle')}
          </h2>
          <p className="mx-auto mt-2 max-w-md text-muted-foreground">{t('ctaText')}</p>
          <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a
              href={SIGN_UP_PATH}
              className="inline-flex h-12 items-center gap-2 rounded-lg bg-primary px-6 font-semibold text-primary-foreground hover:bg-primary/90"
            >
              {t('ctaButton')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </a>
            <a
              href={signInPath()}
              className="inline-flex h-12 items-center rounded-lg px-4 font-medium hover:bg-muted"
            >
              {t('signIn')}
            </a>
          </div>
        </section>
      </main>
    </div>
  )
}
