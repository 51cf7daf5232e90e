import {
  ArrowLeft,
  Car,
  Check,
  Copy,
  Eye,
  EyeOff,
  Globe,
  Lock,
  LockOpen,
  Nfc,
  Package,
  RefreshCw,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  Tv,
} from 'lucide-react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { Link } from 'wouter'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { CARD_THEME_NAMES, CARD_THEMES, type CardTheme } from '#client/features/card/card-themes.ts'
import { copyText } from '#client/features/card/copy-text.ts'
import { useCardMessages } from '#client/features/card/messages.ts'
import { VirtualCard } from '#client/features/card/virtual-card.tsx'
import { formatSampleAmount } from '#client/features/demo/sample-money.ts'
import { useLanguage } from '#client/i18n/i18n.ts'
import { cn } from '#client/lib/cn.ts'

type CardMessages = ReturnType<typeof useCardMessages>

// Sample figures (SPEC §9: spending limit 5000). A later issue replaces them with the API's.
const SAMPLE_CARD_NUMBER = '4000123456781234'
const SAMPLE_CVV = '847'
const SAMPLE_EXPIRY = '12/28'
const SAMPLE_BALANCE_MINOR = 245000n
const SAMPLE_SPENT_MINOR = 183050n
const SPENDING_LIMIT_MINOR = 500000n
const COPY_FEEDBACK_MS = 2500

const SAMPLE_CARD_TRANSACTIONS = [
  {
    id: 'c1',
    icon: ShoppingCart,
    key: 'txGroceries',
    amountMinor: -6420n,
    at: '2025-11-18T17:12:00Z',
  },
  { id: 'c2', icon: ShoppingBag, key: 'txOnline', amountMinor: -4299n, at: '2025-11-17T11:03:00Z' },
  { id: 'c3', icon: Sparkles, key: 'txCashback', amountMinor: 215n, at: '2025-11-16T08:00:00Z' },
  { id: 'c4', icon: Car, key: 'txRide', amountMinor: -850n, at: '2025-11-15T21:40:00Z' },
  { id: 'c5', icon: Tv, key: 'txStreaming', amountMinor: -999n, at: '2025-11-14T06:00:00Z' },
] as const

const THEME_LABEL_KEYS = {
  rainbow: 'themeRainbow',
  ocean: 'themeOcean',
  sunset: 'themeSunset',
  galaxy: 'themeGalaxy',
} as const

/** /card: the virtual card with sample data (SPEC §2 "Card page"); every change stays local. */
export function CardPage() {
  const t = useCardMessages()
  const { user } = useAuth()
  const [revealed, setRevealed] = useState(false)
  const [locked, setLocked] = useState(false)
  const [theme, setTheme] = useState<CardTheme>('ocean')
  const [contactless, setContactless] = useState(true)
  const [online, setOnline] = useState(true)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const [physicalOrdered, setPhysicalOrdered] = useState(false)
  const [replacementRequested, setReplacementRequested] = useState(false)

  useEffect(() => {
    if (copyState === 'idle') return
    const timer = setTimeout(() => setCopyState('idle'), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copyState])

  const holder = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || t('sampleHolder')
  const status = locked ? t('statusLocked') : t('statusActive')

  async function handleCopy() {
    setCopyState((await copyText(SAMPLE_CARD_NUMBER)) ? 'copied' : 'failed')
  }

  return (
    <div className="min-h-dvh bg-background pb-10">
      <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Link
            href="/"
            aria-label={t('back')}
            className="-ml-2 rounded-lg p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <h1 className="flex-1 truncate text-lg font-semibold">{t('title')}</h1>
          <Badge variant="warning">{t('sampleLabel')}</Badge>
        </div>
      </header>

      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 pt-6 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:items-start [&>*]:min-w-0">
        <div className="space-y-6">
          <section aria-label={t('cardLabel', { last4: SAMPLE_CARD_NUMBER.slice(-4), status })}>
            <p className="mx-auto mb-3 max-w-sm text-center text-xs text-muted-foreground">
              {t('sampleNotice')}
            </p>
            <div className="flex justify-center">
              <VirtualCard
                card={{
                  number: SAMPLE_CARD_NUMBER,
                  cvv: SAMPLE_CVV,
                  expiry: SAMPLE_EXPIRY,
                  holder,
                }}
                theme={theme}
                revealed={revealed}
                locked={locked}
              />
            </div>
            <div className="mx-auto mt-4 flex max-w-sm items-center justify-between">
              <Badge data-testid="card-status" variant={locked ? 'destructive' : 'success'}>
                {locked ? (
                  <Lock className="size-3.5" aria-hidden="true" />
                ) : (
                  <Check className="size-3.5" aria-hidden="true" />
                )}
                {status}
              </Badge>
              <p role="status" className="text-xs font-medium text-muted-foreground">
                {copyState === 'copied'
                  ? t('copied')
                  : copyState === 'failed'
                    ? t('copyFailed')
                    : ''}
              </p>
            </div>
            <div className="mx-auto mt-3 grid max-w-sm grid-cols-3 gap-2">
              <CardAction
                icon={revealed ? <EyeOff /> : <Eye />}
                label={revealed ? t('hideDetails') : t('showDetails')}
                onClick={() => setRevealed((value) => !value)}
              />
              <CardAction icon={<Copy />} label={t('copyNumber')} onClick={handleCopy} />
              <CardAction
                icon={locked ? <LockOpen /> : <Lock />}
                label={locked ? t('unlockCard') : t('lockCard')}
                onClick={() => setLocked((value) => !value)}
              />
            </div>
            {locked ? (
              <p className="mx-auto mt-3 max-w-sm text-center text-xs text-muted-foreground">
                {t('lockedHint')}
              </p>
            ) : null}
          </section>

          <ThemePicker t={t} theme={theme} onChange={setTheme} />

          <Card>
            <CardHeader>
              <CardTitle>{t('controlsTitle')}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <ControlRow
                icon={<Nfc />}
                label={t('contactless')}
                hint={t('contactlessHint')}
                checked={contactless}
                onCheckedChange={setContactless}
              />
              <ControlRow
                icon={<Globe />}
                label={t('online')}
                hint={t('onlineHint')}
                checked={online}
                onCheckedChange={setOnline}
              />
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <SpendingCard t={t} />
          <CardTransactions t={t} />

          <Card>
            <CardHeader>
              <CardTitle>{t('physicalTitle')}</CardTitle>
              <CardDescription>{t('physicalText')}</CardDescription>
            </CardHeader>
            <CardContent>
              {physicalOrdered ? (
                <p
                  role="status"
                  className="flex items-start gap-2 text-sm font-medium text-success"
                >
                  <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {t('physicalOrdered')}
                </p>
              ) : (
                <Button className="w-full sm:w-auto" onClick={() => setPhysicalOrdered(true)}>
                  <Package aria-hidden="true" />
                  {t('physicalOrder')}
                </Button>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('replacementTitle')}</CardTitle>
              <CardDescription>{t('replacementText')}</CardDescription>
            </CardHeader>
            <CardContent>
              {replacementRequested ? (
                <p
                  role="status"
                  className="flex items-start gap-2 text-sm font-medium text-success"
                >
                  <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {t('replacementRequested')}
                </p>
              ) : (
                <Button
                  variant="outline"
                  className="w-full sm:w-auto"
                  onClick={() => setReplacementRequested(true)}
                >
                  <RefreshCw aria-hidden="true" />
                  {t('replacementRequest')}
                </Button>
              )}
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  )
}

function CardAction({
  icon,
  label,
  onClick,
}: {
  icon: ReactNode
  label: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-center gap-1.5 rounded-xl border bg-card px-2 py-3 text-xs font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:text-primary"
    >
      {icon}
      {label}
    </button>
  )
}

function ControlRow({
  icon,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  icon: ReactNode
  label: string
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const labelId = useId()
  const hintId = useId()
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  )
}

function ThemePicker({
  t,
  theme,
  onChange,
}: {
  t: CardMessages
  theme: CardTheme
  onChange: (theme: CardTheme) => void
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="card-theme-title">{t('themeTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div
          role="radiogroup"
          aria-labelledby="card-theme-title"
          className="grid grid-cols-4 gap-3"
        >
          {CARD_THEME_NAMES.map((name) => (
            <label
              key={name}
              className="relative flex cursor-pointer flex-col items-center gap-2 text-xs font-medium"
            >
              <input
                type="radio"
                name="card-theme"
                value={name}
                checked={theme === name}
                onChange={() => onChange(name)}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'h-10 w-full rounded-lg ring-offset-2 ring-offset-card transition-shadow peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                  CARD_THEMES[name],
                )}
              />
              {t(THEME_LABEL_KEYS[name])}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  )
}

function SpendingCard({ t }: { t: CardMessages }) {
  const percent = Number((SAMPLE_SPENT_MINOR * 100n) / SPENDING_LIMIT_MINOR)
  const spent = formatSampleAmount(SAMPLE_SPENT_MINOR, 'USD', '$')
  const limit = formatSampleAmount(SPENDING_LIMIT_MINOR, 'USD', '$')
  return (
    <Card>
      <CardHeader>
        <CardDescription>{t('balanceTitle')}</CardDescription>
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="card-balance">
          {formatSampleAmount(SAMPLE_BALANCE_MINOR, 'USD', '$')}
        </p>
      </CardHeader>
      <CardContent>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id="card-spending-label" className="font-medium">
            {t('spendingTitle')}
          </span>
          <span className="text-muted-foreground tabular-nums">
            {t('spendingOf', { spent, limit })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="card-spending-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('spendingOf', { spent, limit })}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          {t('spendingLeft', {
            left: formatSampleAmount(SPENDING_LIMIT_MINOR - SAMPLE_SPENT_MINOR, 'USD', '$'),
          })}
          {' · '}
          {t('spendingLimit')} {limit}
        </p>
      </CardContent>
    </Card>
  )
}

function CardTransactions({ t }: { t: CardMessages }) {
  const language = useLanguage()
  const dateFormat = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('transactionsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {SAMPLE_CARD_TRANSACTIONS.map(({ id, icon: Icon, key, amountMinor, at }) => (
            <li key={id} className="flex items-center gap-3 py-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{t(key)}</p>
                <p className="text-xs text-muted-foreground">{dateFormat.format(new Date(at))}</p>
              </div>
              <span
                className={cn(
                  'text-sm font-semibold tabular-nums',
                  amountMinor > 0n && 'text-emerald-700 dark:text-emerald-400',
                )}
              >
                {amountMinor > 0n ? '+' : ''}
                {formatSampleAmount(amountMinor, 'USD', '$')}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
