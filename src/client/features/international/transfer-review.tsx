import { Clock, Globe, Send } from 'lucide-react'
import { LimitWarning } from '#client/components/money-action/limit-warning.tsx'
import { ShortfallWarning } from '#client/components/money-action/shortfall-warning.tsx'
import { useLimitCheck } from '#client/components/money-action/use-limit-check.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import type { InternationalMethod, InternationalQuote } from '#shared/schemas/international.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { METHOD_DISPLAY } from './international-labels.ts'
import { useInternationalMessages } from './messages.ts'
import { QuoteFigures, QuoteSkeleton } from './quote-panel.tsx'
import { FIELDS_BY_METHOD, type RecipientValues } from './recipient-values.ts'
import { formatCountdown } from './use-international-quote.ts'

/** The review step: everything the user is about to send, with the live quote's figures. */
export function TransferReview({
  quote,
  wallet,
  countryLabel,
  countryCode,
  method,
  recipient,
  description,
  secondsLeft,
  pending,
  refreshing,
  onEdit,
  onSend,
}: {
  quote: InternationalQuote | null
  wallet: Wallet
  countryLabel: string
  /** The country's code, for its flag beside the name. */
  countryCode: string
  method: InternationalMethod
  recipient: RecipientValues
  description: string
  secondsLeft: number
  pending: boolean
  /**
   * A new quote is on its way (the last one lapsed or was refused): Send waits for it, so the
   * stale quote is never sent again.
   */
  refreshing: boolean
  onEdit: () => void
  onSend: () => void
}) {
  const t = useInternationalMessages()
  // This page is the review: it warns before the PIN as the shared review sheet does.
  const limit = useLimitCheck(
    quote ? { currency: wallet.currency.code, amount: quote.amount } : undefined,
  )
  const overLimit = limit.data?.allowed === false
  const limitPending = quote !== null && limit.isPending
  // The balance may have moved since the form (another payment, another device).
  const total = quote ? toMoney(quote.totalDebit, wallet.currency.code) : null
  const short = walletShortfall(wallet, total)
  const fields = FIELDS_BY_METHOD[method]
  const rows: { label: string; value: string; testId?: string; flag?: string }[] = [
    { label: t('reviewTo'), value: recipient.fullName.trim(), testId: 'review-name' },
    {
      label: t('reviewCountry'),
      value: countryLabel,
      testId: 'review-country',
      flag: countryCode,
    },
    { label: t('reviewMethod'), value: t(METHOD_DISPLAY[method].label), testId: 'review-method' },
  ]
  if (fields.includes('bankName'))
    rows.push({ label: t('reviewBank'), value: recipient.bankName.trim() })
  if (fields.includes('accountNumber'))
    rows.push({ label: t('reviewAccount'), value: recipient.accountNumber.trim() })
  if (fields.includes('swiftCode') && recipient.swiftCode.trim())
    rows.push({ label: t('reviewSwift'), value: recipient.swiftCode.trim().toUpperCase() })
  if (fields.includes('phoneNumber'))
    rows.push({ label: t('reviewPhone'), value: recipient.phoneNumber.trim() })
  if (fields.includes('walletProvider'))
    rows.push({ label: t('reviewProvider'), value: recipient.walletProvider.trim() })
  if (description) rows.push({ label: t('reviewDescription'), value: description })

  return (
    <Card>
      <section aria-labelledby="review-heading" className="grid gap-4 p-5" data-testid="review">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Globe className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="review-heading" className="text-base font-semibold">
              {t('reviewHeading')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('reviewText')}</p>
          </div>
        </div>
        <dl className="grid gap-2 rounded-lg border p-3 text-sm">
          {rows.map((row) => (
            <SummaryRow
              key={row.label}
              label={row.label}
              value={row.value}
              text
              flag={row.flag ?? null}
              {...(row.testId ? { testId: row.testId } : {})}
            />
          ))}
        </dl>
        <div className="rounded-xl border border-primary/15 bg-secondary/60 p-4">
          {quote ? (
            <>
              <dl className="grid gap-2 text-sm">
                <SummaryRow
                  label={t('reviewYouSend')}
                  value={formatAmount(quote.amount, wallet.currency)}
                  testId="review-amount"
                />
              </dl>
              <QuoteFigures quote={quote} wallet={wallet} />
              <p
                className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground"
                data-testid="review-countdown"
              >
                <Clock className="size-3.5" aria-hidden="true" />
                {t('quoteLocked', { time: formatCountdown(secondsLeft) })}
              </p>
            </>
          ) : (
            // The quote lapsed while the user read it: the new one is on its way.
            <QuoteSkeleton />
          )}
        </div>
        {short && total ? <ShortfallWarning wallet={wallet} total={total} short={short} /> : null}
        {limit.data ? <LimitWarning check={limit.data} /> : null}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[auto_minmax(0,1fr)]">
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={onEdit}
            disabled={pending}
            className="order-2 sm:order-1"
          >
            {t('edit')}
          </Button>
          <Button
            type="button"
            size="lg"
            onClick={onSend}
            disabled={
              pending || refreshing || !quote || overLimit || limitPending || short !== null
            }
            className="order-1 sm:order-2"
          >
            <Send aria-hidden="true" />
            {pending ? t('submitting') : t('submit')}
          </Button>
        </div>
      </section>
    </Card>
  )
}
