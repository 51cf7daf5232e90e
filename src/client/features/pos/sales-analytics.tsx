import { BarChart3, Clock } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { PosAnalytics } from '#shared/schemas/pos.ts'
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  usePosAnalytics,
} from '../../entities/pos/pos-api.ts'
import { usePosMessages } from './messages.ts'
import { barHeightPercent, formatAnalyticsDay, formatHourRange } from './pos-format.ts'
import { salesCountText } from './sale-format.ts'

type CurrencyFigures = PosAnalytics['currencies'][number]
type PosMessages = ReturnType<typeof usePosMessages>

function moneyText(figures: CurrencyFigures, total: string): string {
  return formatAmount(total, figures.currency)
}

function minorOf(figures: CurrencyFigures, total: string): bigint {
  return toMoney(total, figures.currency.code)?.amountMinor ?? 0n
}

/** Buttons of which one is chosen, for the period and the currency. */
function Segmented<V extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly { value: V; label: string }[]
  value: V
  onChange: (value: V) => void
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            'aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}

function Stat({
  label,
  value,
  detail,
  testId,
  className,
}: {
  label: string
  value: string
  detail?: string
  testId: string
  className?: string
}) {
  return (
    <div className={cn('min-w-0 rounded-xl border bg-card p-4', className)} data-testid={testId}>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="amount mt-1 text-xl font-bold">{value}</p>
      {detail ? <p className="mt-0.5 text-xs text-muted-foreground">{detail}</p> : null}
    </div>
  )
}

/** Daily takings as bars (plain elements: a chart library would cost more than the page). */
function DailyChart({
  figures,
  days,
  t,
}: {
  figures: CurrencyFigures
  days: number
  t: PosMessages
}) {
  let maxMinor = 0n
  for (const day of figures.daily) {
    const minor = minorOf(figures, day.total)
    if (minor > maxMinor) maxMinor = minor
  }
  const first = figures.daily[0]
  const last = figures.daily.at(-1)
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-center gap-2 text-sm font-semibold">
        <BarChart3 className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('dailyTakings')}
      </figcaption>
      <ol
        aria-label={t('dailyTakingsLabel', { count: days })}
        className={cn(
          'flex h-40 items-end border-b border-border',
          figures.daily.length > 31 ? 'gap-px' : 'gap-0.5 sm:gap-1',
        )}
        data-testid="daily-chart"
      >
        {figures.daily.map((day) => {
          const label = t('dayBar', {
            date: formatAnalyticsDay(day.date),
            amount: moneyText(figures, day.total),
            sales: salesCountText(day.count, t),
          })
          return (
            <li key={day.date} title={label} className="flex h-full min-w-0 flex-1 items-end">
              <span className="sr-only">{label}</span>
              <span
                aria-hidden="true"
                className="w-full rounded-t-sm bg-primary"
                style={{ height: `${barHeightPercent(minorOf(figures, day.total), maxMinor)}%` }}
              />
            </li>
          )
        })}
      </ol>
      {first && last ? (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{formatAnalyticsDay(first.date)}</span>
          <span>{formatAnalyticsDay(last.date)}</span>
        </div>
      ) : null}
    </figure>
  )
}

function Figures({ figures, days, t }: { figures: CurrencyFigures; days: number; t: PosMessages }) {
  return (
    <div className="grid gap-4">
      {/* One figure a row on a phone: two side by side leave an amount too little room, and
          an amount never wraps (docs/screens.md "Display rules"). */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat
          label={t('today')}
          value={moneyText(figures, figures.today.total)}
          detail={salesCountText(figures.today.count, t)}
          testId="analytics-today"
        />
        <Stat
          label={t('last7Days')}
          value={moneyText(figures, figures.last7Days.total)}
          detail={salesCountText(figures.last7Days.count, t)}
          testId="analytics-7-days"
        />
        <Stat
          label={t('last30Days')}
          value={moneyText(figures, figures.last30Days.total)}
          detail={salesCountText(figures.last30Days.count, t)}
          testId="analytics-30-days"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        <Stat
          label={t('periodSales', { count: days })}
          value={String(figures.period.count)}
          detail={moneyText(figures, figures.period.total)}
          testId="analytics-period-count"
        />
        <Stat
          label={t('averageSale')}
          value={moneyText(figures, figures.period.average)}
          testId="analytics-average"
        />
      </div>
      <div className="rounded-xl border p-4">
        <DailyChart figures={figures} days={days} t={t} />
      </div>
      <section aria-labelledby="best-hours-heading" className="rounded-xl border p-4">
        <h3 id="best-hours-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('bestHours')}
        </h3>
        {figures.bestHours.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('noBestHours')}</p>
        ) : (
          <ol className="mt-2 grid gap-2" data-testid="best-hours">
            {figures.bestHours.map((hour) => (
              <li
                key={hour.hour}
                className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
              >
                <span className="font-medium">{formatHourRange(hour.hour)}</span>
                <span className="ml-auto text-right">
                  <span className="amount">{moneyText(figures, hour.total)}</span>
                  <span className="ml-2 text-xs text-muted-foreground">
                    {salesCountText(hour.count, t)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

/**
 * Analytics from the ledger: today, 7 and 30 days, the chosen period's count and average,
 * the best hours and a bar per day, in one currency at a time (amounts never mix).
 */
export function SalesAnalytics() {
  const t = usePosMessages()
  const { isAuthenticated } = useAuth()
  const [days, setDays] = useState<AnalyticsPeriod>(7)
  const [chosenCode, setChosenCode] = useState<string | null>(null)
  const analytics = usePosAnalytics({ days, enabled: isAuthenticated })
  const currencies = analytics.data?.currencies ?? []
  const figures =
    currencies.find((candidate) => candidate.currency.code === chosenCode) ?? currencies[0]

  return (
    <Card>
      <section aria-labelledby="analytics-heading" className="grid gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="analytics-heading" className="text-base font-semibold">
            {t('analyticsHeading')}
          </h2>
          <div className="flex flex-wrap gap-2">
            {currencies.length > 1 && figures ? (
              <Segmented
                label={t('currencyLabel')}
                options={currencies.map((candidate) => ({
                  value: candidate.currency.code,
                  label: candidate.currency.code,
                }))}
                value={figures.currency.code}
                onChange={setChosenCode}
              />
            ) : null}
            <Segmented
              label={t('periodLabel')}
              options={ANALYTICS_PERIODS.map((period) => ({
                value: period,
                label: t('periodDays', { count: period }),
              }))}
              value={days}
              onChange={setDays}
            />
          </div>
        </div>
        {analytics.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('loadingAnalytics')} />
          </div>
        ) : analytics.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 py-4">
            <p className="text-sm text-muted-foreground">{t('analyticsUnavailable')}</p>
            <Button variant="outline" size="sm" onClick={() => void analytics.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : figures ? (
          <Figures figures={figures} days={days} t={t} />
        ) : (
          <div className="flex flex-col items-center px-4 py-8 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <BarChart3 className="size-5" aria-hidden="true" />
            </span>
            <p className="mt-3 font-semibold">{t('noAnalytics')}</p>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('noAnalyticsText')}</p>
          </div>
        )}
      </section>
    </Card>
  )
}
