import { Clock, TrendingDown, TrendingUp } from 'lucide-react'
import { useState } from 'react'
import { ApiError } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { readableRate } from '#client/lib/format-rate.ts'
import type { Currency } from '#shared/schemas/reference.ts'
import type { useExchangeMessages } from './messages.ts'
import type { useExchangeQuote } from './use-exchange-quote.ts'

/**
 * The rate between the two currencies as people read it, the exact rate one tap away, its 24h
 * change, and whether a quote has locked it (docs/screens.md "Exchange screen").
 */
export function RateCard({
  t,
  from,
  to,
  rateText,
  change,
  quoteState,
  hasAmount,
  ratesFailed,
}: {
  t: ReturnType<typeof useExchangeMessages>
  from: Currency | undefined
  to: Currency | undefined
  rateText: string | null
  change: { text: string; rising: boolean } | null
  quoteState: ReturnType<typeof useExchangeQuote>
  hasAmount: boolean
  ratesFailed: boolean
}) {
  const [exactShown, setExactShown] = useState(false)
  const quoteError =
    quoteState.error instanceof ApiError ? quoteState.error.serverMessage : undefined
  const ChangeIcon = change?.rising ? TrendingUp : TrendingDown
  return (
    <section
      aria-labelledby="exchange-rate-heading"
      className="rounded-xl border border-primary/15 bg-secondary/60 p-4"
      data-testid="exchange-rate-card"
    >
      <h3 id="exchange-rate-heading" className="text-xs font-medium text-secondary-foreground/80">
        {t('rateHeading')}
      </h3>
      {from && to ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-base font-semibold tabular-nums" data-testid="exchange-rate">
            {rateText ? (
              exactShown ? (
                readableRate(rateText, from, to).exact
              ) : (
                readableRate(rateText, from, to).text
              )
            ) : ratesFailed ? (
              t('ratesUnavailable')
            ) : (
              <span className="block h-5 w-44 animate-pulse rounded bg-primary/10" />
            )}
          </p>
          {rateText ? (
            <button
              type="button"
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setExactShown((shown) => !shown)}
            >
              {exactShown ? t('rateRounded') : t('rateExact')}
            </button>
          ) : null}
          {change ? (
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                change.rising
                  ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300'
                  : 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
              )}
              data-testid="exchange-change"
            >
              <ChangeIcon className="size-3.5" aria-hidden="true" />
              {t('change24h', { change: change.text })}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t('chooseCurrencies')}</p>
      )}
      <p
        className={cn(
          'mt-2 flex items-center gap-1.5 text-xs',
          quoteError && !quoteState.quote ? 'text-destructive' : 'text-muted-foreground',
        )}
        data-testid="exchange-quote-status"
      >
        {quoteState.quote ? (
          <>
            <Clock className="size-3.5" aria-hidden="true" />
            {t('rateLocked', { seconds: quoteState.secondsLeft })}
          </>
        ) : quoteState.isFetching ? (
          t('rateRefreshing')
        ) : quoteError && hasAmount ? (
          quoteError
        ) : from && to ? (
          hasAmount ? (
            t('rateRefreshing')
          ) : (
            t('rateIndicative')
          )
        ) : null}
      </p>
    </section>
  )
}
