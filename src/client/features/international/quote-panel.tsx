import { Clock } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { useCurrencies } from '#client/entities/wallets/use-currencies.ts'
import { ApiError } from '#client/lib/api.ts'
import { formatAmount, formatAmountDigits } from '#client/lib/format-amount.ts'
import { formatPercentNumber } from '#client/lib/format-change.ts'
import { readableRate } from '#client/lib/format-rate.ts'
import type { InternationalQuote } from '#shared/schemas/international.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { DELIVERY_LABELS } from './international-labels.ts'
import { useInternationalMessages } from './messages.ts'
import { formatCountdown, type InternationalQuoteState } from './use-international-quote.ts'

/** The live quote under the amount: rate, fee, total, what arrives, when, and for how long. */
export function QuotePanel({
  quoteState,
  wallet,
  ready,
}: {
  quoteState: InternationalQuoteState
  wallet: Wallet | undefined
  ready: boolean
}) {
  const t = useInternationalMessages()
  const { quote } = quoteState
  const quoteError =
    quoteState.error instanceof ApiError ? quoteState.error.serverMessage : undefined
  return (
    <section
      aria-labelledby="quote-heading"
      aria-live="polite"
      className="rounded-xl border border-primary/15 bg-secondary/60 p-4"
      data-testid="international-quote"
    >
      <h3 id="quote-heading" className="text-xs font-medium text-secondary-foreground/80">
        {t('quoteHeading')}
      </h3>
      {quote && wallet ? (
        <QuoteFigures quote={quote} wallet={wallet} />
      ) : ready && quoteError ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-destructive">{quoteError}</p>
          <Button type="button" variant="outline" size="sm" onClick={quoteState.refresh}>
            {t('quoteRetry')}
          </Button>
        </div>
      ) : ready ? (
        <QuoteSkeleton />
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t('quoteWaiting')}</p>
      )}
      {quote ? (
        <p
          className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground"
          data-testid="quote-countdown"
        >
          <Clock className="size-3.5" aria-hidden="true" />
          {t('quoteLocked', { time: formatCountdown(quoteState.secondsLeft) })}
        </p>
      ) : null}
    </section>
  )
}

/** The server's "2.50" as the rest of the screen writes it, "2.5" (but "1.75" stays). */
function trimPercent(percentText: string): string {
  return /^\d+\.\d0$/.test(percentText) ? percentText.slice(0, -1) : percentText
}

/** The place of a quote's figures while a quote is on its way. */
export function QuoteSkeleton() {
  const t = useInternationalMessages()
  return (
    <div role="status" aria-label={t('quoteRefreshing')} className="mt-2 grid gap-2">
      <div className="h-4 w-3/4 animate-pulse rounded bg-primary/10" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-primary/10" />
      <div className="h-6 w-2/3 animate-pulse rounded bg-primary/10" />
    </div>
  )
}

/** A quote's figures: the rate as people read it and exactly, the fee, the total, what arrives. */
export function QuoteFigures({ quote, wallet }: { quote: InternationalQuote; wallet: Wallet }) {
  const t = useInternationalMessages()
  const currencies = useCurrencies({ enabled: true })
  const side = (code: string) => ({
    code,
    symbol: currencies.data?.find((currency) => currency.code === code)?.symbol ?? `${code} `,
  })
  const rate = readableRate(quote.rate, side(quote.sendCurrency), side(quote.receiveCurrency))
  return (
    <dl className="mt-2 grid gap-2 text-sm">
      <SummaryRow label={t('quoteRate')} value={rate.text} testId="quote-rate" />
      <SummaryRow label={t('quoteRateExact')} value={rate.exact} testId="quote-rate-exact" />
      <SummaryRow
        label={t('quoteFee', { percent: formatPercentNumber(trimPercent(quote.feePercent)) })}
        value={formatAmount(quote.fee, wallet.currency)}
        testId="quote-fee"
      />
      <SummaryRow
        label={t('quoteTotal')}
        value={formatAmount(quote.totalDebit, wallet.currency)}
        strong
        testId="quote-total"
      />
      <div className="border-t border-primary/10" />
      <div className="flex flex-wrap items-end justify-between gap-x-3">
        <dt className="font-semibold">{t('quoteReceive')}</dt>
        <dd
          className="amount ml-auto text-right text-xl font-bold text-primary"
          data-testid="quote-receive"
        >
          {formatAmountDigits(quote.receiveAmount, quote.receiveCurrency)} {quote.receiveCurrency}
        </dd>
      </div>
      <SummaryRow
        label={t('quoteDelivery')}
        value={t(DELIVERY_LABELS[quote.deliveryEstimate])}
        text
        testId="quote-delivery"
      />
    </dl>
  )
}
