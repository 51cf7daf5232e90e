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
import { useEffect, useState } from 'react'
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
import { useLanguage } from '#client/i18n/language.ts'
import { cn } from '#client/lib/cn.ts'
import { formatMinorAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { formatSampleAmount } from '#client/lib/sample-money.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import { copyText } from '../../lib/copy-text.ts'
import { CardAction, ControlRow, SpendingPanel, ThemePicker } from './card-parts.tsx'
import type { CardTheme } from './card-themes.ts'
import { useCardMessages } from './messages.ts'
import { VirtualCard } from './virtual-card.tsx'

type CardMessages = ReturnType<typeof useCardMessages>

// Sample figures (spending limit 5000, docs/screens.md "Card page"), shown to visitors only.
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

/**
 * /card for a visitor: the static sample card of docs/screens.md "Card page"; every change stays on
 * this page and nothing is sent anywhere.
 */
export function SampleCardView() {
  const t = useCardMessages()
  useDocumentTitle(t('title'))
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
                  number: revealed ? SAMPLE_CARD_NUMBER : null,
                  last4: SAMPLE_CARD_NUMBER.slice(-4),
                  cvv: revealed ? SAMPLE_CVV : null,
                  expiry: SAMPLE_EXPIRY,
                  holder: t('sampleHolder'),
                }}
                theme={theme}
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
          <SpendingPanel
            t={t}
            balance={formatSampleAmount(SAMPLE_BALANCE_MINOR, 'USD', '$')}
            spent={formatSampleAmount(SAMPLE_SPENT_MINOR, 'USD', '$')}
            limit={formatSampleAmount(SPENDING_LIMIT_MINOR, 'USD', '$')}
            left={formatSampleAmount(SPENDING_LIMIT_MINOR - SAMPLE_SPENT_MINOR, 'USD', '$')}
            percent={Number((SAMPLE_SPENT_MINOR * 100n) / SPENDING_LIMIT_MINOR)}
          />
          <SampleTransactions t={t} />

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

function SampleTransactions({ t }: { t: CardMessages }) {
  const language = useLanguage()
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
                <p className="text-xs text-muted-foreground">
                  {formatDate(at, 'dayTime', { language, timeZone: 'UTC' })}
                </p>
              </div>
              <span
                className={cn(
                  'text-sm font-semibold tabular-nums',
                  amountMinor > 0n && 'text-emerald-700 dark:text-emerald-400',
                )}
              >
                {formatMinorAmount(amountMinor, 'USD', '$', { language, sign: 'always' })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
