import { AlertTriangle, ArrowRight, Clock, Globe, Send } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { type OptionCard, OptionCards } from '#client/components/ui/option-cards.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { useDefaultWallet } from '#client/features/wallets/default-wallet.ts'
import { useCurrencies } from '#client/features/wallets/use-currencies.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/features/wallets/wallet-format.ts'
import { WalletSelect } from '#client/features/wallets/wallet-select.tsx'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, useAmountMessages } from '#client/lib/amount-messages.ts'
import { ApiError } from '#client/lib/api.ts'
import { formatAmount, formatMoneyForDisplay, toMoney } from '#client/lib/format-amount.ts'
import { readableRate } from '#client/lib/format-rate.ts'
import { toast } from '#client/lib/toast.ts'
import { add, formatMoney, type Money } from '#shared/money.ts'
import {
  DELIVERY_ESTIMATES,
  feeBasisPointsFor,
  findCountry,
  INTERNATIONAL_METHODS,
  type InternationalMethod,
  type InternationalQuote,
  type InternationalRegion,
  type InternationalTransferRequest,
  internationalFeeOf,
} from '#shared/schemas/international.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { CountrySelect, useCountryName } from './country-select.tsx'
import { flagOf, formatBasisPoints } from './destination-params.ts'
import { DELIVERY_LABELS, METHOD_DISPLAY } from './international-labels.ts'
import { InternationalTransferProgress } from './international-transfer-progress.tsx'
import { useInternationalMessages } from './messages.ts'
import { RecipientFields, SavedRecipientChoices } from './recipient-fields.tsx'
import {
  EMPTY_RECIPIENT,
  FIELDS_BY_METHOD,
  type RecipientField,
  type RecipientValues,
  recipientProblems,
  toRecipientPayload,
  valuesOfRecipient,
} from './recipient-values.ts'
import { formatCountdown, useInternationalQuote } from './use-international-quote.ts'
import { useInternationalRecipients } from './use-international-recipients.ts'

type AmountMessages = ReturnType<typeof useAmountMessages>

const NO_WALLETS: readonly Wallet[] = []
const NO_RECIPIENTS: readonly Recipient[] = []

function withSymbol(wallet: Wallet, value: Money | string): string {
  const text =
    typeof value === 'string'
      ? formatAmount(value, wallet.currency.code)
      : formatMoneyForDisplay(value)
  return `${wallet.currency.symbol}${text}`
}

function amountProblem(
  a: AmountMessages,
  text: string,
  wallet: Wallet | undefined,
): string | undefined {
  if (!wallet) return undefined
  const result = readAmountInput(text, wallet.currency.code)
  return result.ok ? undefined : describeAmountProblem(result.problem, wallet.currency.code, a)
}

export type InternationalTransferProps = {
  region: InternationalRegion
  countryCode: string | undefined
  method: InternationalMethod | undefined
  recipientId: string | undefined
}

/**
 * The international transfer (issue "Money out"): country and method in the region, source
 * wallet and amount, a live locked quote (rate, fee, total, what arrives and when), the
 * recipient's details for the method, a review of everything, then the send, followed until
 * the partner abroad pays out. One Idempotency-Key per submission; an expired quote is
 * replaced at once and the new figures shown for the user to send again.
 */
export function InternationalTransfer({
  region,
  countryCode: initialCountry,
  method: initialMethod,
  recipientId,
}: InternationalTransferProps) {
  const t = useInternationalMessages()
  const a = useAmountMessages()
  const { isAuthenticated } = useAuth()
  const countryName = useCountryName()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const saved = useInternationalRecipients({ enabled: isAuthenticated })
  const savedList = saved.data ?? NO_RECIPIENTS

  const onlyCountry = region.countries.length === 1 ? region.countries[0]?.code : undefined
  const [countryCode, setCountryCode] = useState<string | null>(
    initialCountry ?? onlyCountry ?? null,
  )
  const [method, setMethod] = useState<InternationalMethod>(initialMethod ?? 'bank_wire')
  const [chosenWalletId, setChosenWalletId] = useState('')
  const [amountText, setAmountText] = useState('')
  const [recipient, setRecipient] = useState<RecipientValues>(EMPTY_RECIPIENT)
  const [description, setDescription] = useState('')
  const [step, setStep] = useState<'edit' | 'review'>('edit')
  const [showProblems, setShowProblems] = useState(false)
  const [sent, setSent] = useState<{ id: string; name: string } | null>(null)
  const prefilled = useRef(false)

  // A saved recipient named in the address (from the transfer options) fills the form once.
  useEffect(() => {
    if (prefilled.current || !recipientId || !saved.data) return
    prefilled.current = true
    const match = saved.data.find((candidate) => candidate.id === recipientId)
    if (!match) return
    const savedMethod = INTERNATIONAL_METHODS.find((each) => each === match.details.method)
    if (savedMethod) setMethod(savedMethod)
    if (match.countryCode && findCountry(region, match.countryCode))
      setCountryCode(match.countryCode)
    setRecipient(valuesOfRecipient(match))
  }, [recipientId, saved.data, region])

  // A new step starts at the top of the page, where its heading is, not where the button was.
  const sentId = sent?.id
  useEffect(() => {
    if (step === 'review' || sentId) window.scrollTo({ top: 0 })
  }, [step, sentId])

  const startWallet = useDefaultWallet(walletList)
  const walletId = chosenWalletId || (startWallet?.id ?? '')
  const wallet = walletList.find((candidate) => candidate.id === walletId)
  const country = countryCode ? findCountry(region, countryCode) : undefined
  const parsedAmount = wallet ? readAmountInput(amountText, wallet.currency.code) : null
  const amount = parsedAmount?.ok ? parsedAmount.value : null

  const quoteState = useInternationalQuote(
    wallet && country && amount
      ? {
          fromWalletId: wallet.id,
          region: region.id,
          countryCode: country.code,
          method,
          amount: formatMoney(amount),
        }
      : null,
  )
  const quote = quoteState.quote

  // Before the quote arrives, the fee is known already: the balance check does not wait.
  const totalDebit = amount ? add(amount, internationalFeeOf(amount, region, method)) : null
  const balance = wallet ? toMoney(wallet.balance, wallet.currency.code) : null
  const shortfall =
    totalDebit && balance && balance.asset === totalDebit.asset
      ? totalDebit.amountMinor - balance.amountMinor
      : 0n
  const insufficient = shortfall > 0n

  const problems = recipientProblems(method, recipient)
  const shownProblems = showProblems ? problems : {}
  const amountError = amountText.trim()
    ? amountProblem(a, amountText, wallet)
    : showProblems
      ? a('amountPositive')
      : undefined

  const matchingSaved = savedList.filter(
    (candidate) => candidate.countryCode === countryCode && candidate.details.method === method,
  )

  // The recipient's name of the transfer under way, for the progress panel that follows it.
  const sendingTo = useRef('')
  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: () => {
      setStep('edit')
      setShowProblems(false)
      setAmountText('')
      setRecipient(EMPTY_RECIPIENT)
      setDescription('')
    },
    // The progress panel replaces the form, so it comes once the receipt is closed.
    onReceiptClosed: (transaction) => setSent({ id: transaction.id, name: sendingTo.current }),
    onRefused: (error) => {
      // An expired, used or unknown quote: a fresh one is asked for at once, and the review
      // shows its figures for the user to send again.
      const staleQuote =
        error.status === 404 || error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_USED'
      if (!staleQuote) return false
      quoteState.refresh()
      toast({ title: t('newQuoteTitle'), description: t('newQuoteText') })
      return true
    },
  })
  const pending = action.busy

  function changeRecipient(field: RecipientField, value: string) {
    setRecipient((current) => ({ ...current, [field]: value }))
  }

  function fillFromSaved(choice: Recipient) {
    setRecipient(valuesOfRecipient(choice))
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setShowProblems(true)
    const descriptionTooLong = description.trim().length > DESCRIPTION_MAX_LENGTH
    if (
      !country ||
      !wallet ||
      !amount ||
      insufficient ||
      descriptionTooLong ||
      Object.keys(problems).length > 0 ||
      !quote
    )
      return
    setStep('review')
  }

  function send() {
    if (pending || !quote || !wallet) return
    const trimmedDescription = description.trim()
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: InternationalTransferRequest = {
      quoteId: quote.id,
      fromWalletId: wallet.id,
      recipient: toRecipientPayload(method, recipient),
      ...(trimmedDescription ? { description: trimmedDescription } : {}),
    }
    sendingTo.current = body.recipient.fullName
    // The review page has shown every figure: the sheet goes straight to the PIN.
    action.confirmReviewed({
      path: '/api/send-money/international',
      body,
      review: { title: t('reviewHeading'), rows: [] },
    })
  }

  function sendAnother() {
    setSent(null)
  }

  const sheet = <MoneyActionSheet action={action} />

  if (sent) {
    return (
      <>
        <InternationalTransferProgress
          transactionId={sent.id}
          recipientName={sent.name}
          onSendAnother={sendAnother}
        />
        {sheet}
      </>
    )
  }

  if (step === 'review' && wallet && country) {
    return (
      <>
        <TransferReview
          quote={quote}
          wallet={wallet}
          countryLabel={`${flagOf(country.code)} ${countryName(country)}`}
          method={method}
          recipient={recipient}
          description={description.trim()}
          secondsLeft={quoteState.secondsLeft}
          pending={pending}
          onEdit={() => setStep('edit')}
          onSend={send}
        />
        {sheet}
      </>
    )
  }

  const methodOptions: OptionCard<InternationalMethod>[] = INTERNATIONAL_METHODS.map((each) => ({
    value: each,
    label: t(METHOD_DISPLAY[each].label),
    hint: t('methodHint', {
      percent: formatBasisPoints(feeBasisPointsFor(region, each)),
      delivery: t(DELIVERY_LABELS[DELIVERY_ESTIMATES[each]]),
    }),
    icon: METHOD_DISPLAY[each].icon,
  }))

  return (
    <>
      <form noValidate onSubmit={review} className="grid grid-cols-1 gap-4 sm:gap-6">
        <Card>
          <section aria-labelledby="destination-heading" className="grid gap-4 p-5">
            <div className="flex items-center justify-between gap-3">
              <h2 id="destination-heading" className="text-base font-semibold">
                {t('destinationHeading')}
              </h2>
              <Button asChild variant="link" size="sm" className="h-auto px-0">
                <Link href="/transfer-global">{t('changeRegion')}</Link>
              </Button>
            </div>
            <CountrySelect
              id="international-country"
              countries={region.countries}
              value={countryCode}
              onChange={setCountryCode}
              error={showProblems && !country ? t('selectCountry') : undefined}
              disabled={pending}
            />
            <fieldset className="grid min-w-0 gap-2">
              <legend className="mb-2 text-sm font-medium">{t('method')}</legend>
              <OptionCards
                name="international-method"
                value={method}
                options={methodOptions}
                onChange={setMethod}
                columnsClassName="grid-cols-1 md:grid-cols-3"
              />
            </fieldset>
          </section>
        </Card>

        <Card>
          <section aria-labelledby="amount-heading" className="grid gap-4 p-5">
            <h2 id="amount-heading" className="text-base font-semibold">
              {t('amountHeading')}
            </h2>
            <div className="grid grid-cols-1 gap-2">
              <WalletSelect
                id="international-wallet"
                label={t('fromWallet')}
                placeholder={t('walletPlaceholder')}
                wallets={walletList}
                value={walletId}
                onChange={setChosenWalletId}
                error={showProblems && !wallet ? t('selectWallet') : undefined}
                loadFailed={wallets.isError}
                showAvailable
                disabled={pending || wallets.isPending}
              />
            </div>
            <div className="grid grid-cols-1 gap-2">
              <TextField
                id="international-amount"
                label={t('amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('amountPlaceholder')}
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                error={amountError}
                disabled={pending}
              />
              {insufficient && wallet && totalDebit ? (
                <p
                  role="status"
                  className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
                  data-testid="insufficient-balance"
                >
                  <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  {t('insufficient', {
                    total: withSymbol(wallet, totalDebit),
                    balance: formatWalletBalance(wallet),
                    shortfall: withSymbol(wallet, {
                      amountMinor: shortfall,
                      asset: totalDebit.asset,
                    }),
                  })}
                </p>
              ) : null}
            </div>
            <QuotePanel
              quoteState={quoteState}
              wallet={wallet}
              ready={Boolean(wallet && country && amount)}
            />
          </section>
        </Card>

        <Card>
          <section aria-labelledby="recipient-heading" className="grid gap-4 p-5">
            <h2 id="recipient-heading" className="text-base font-semibold">
              {t('recipientHeading')}
            </h2>
            <SavedRecipientChoices
              recipients={matchingSaved}
              onUse={fillFromSaved}
              disabled={pending}
            />
            <RecipientFields
              method={method}
              values={recipient}
              problems={shownProblems}
              onChange={changeRecipient}
              disabled={pending}
            />
            <TextField
              id="international-description"
              label={t('description')}
              autoComplete="off"
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('descriptionPlaceholder')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              error={
                description.trim().length > DESCRIPTION_MAX_LENGTH
                  ? t('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })
                  : undefined
              }
              disabled={pending}
            />
          </section>
        </Card>

        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={pending || insufficient || (amount !== null && country !== undefined && !quote)}
        >
          {t('continue')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </form>
      {sheet}
    </>
  )
}

/** The live quote under the amount: rate, fee, total, what arrives, when, and for how long. */
function QuotePanel({
  quoteState,
  wallet,
  ready,
}: {
  quoteState: ReturnType<typeof useInternationalQuote>
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

function QuoteSkeleton() {
  const t = useInternationalMessages()
  return (
    <div role="status" aria-label={t('quoteRefreshing')} className="mt-2 grid gap-2">
      <div className="h-4 w-3/4 animate-pulse rounded bg-primary/10" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-primary/10" />
      <div className="h-6 w-2/3 animate-pulse rounded bg-primary/10" />
    </div>
  )
}

function QuoteFigures({ quote, wallet }: { quote: InternationalQuote; wallet: Wallet }) {
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
        label={t('quoteFee', { percent: trimPercent(quote.feePercent) })}
        value={withSymbol(wallet, quote.fee)}
        testId="quote-fee"
      />
      <SummaryRow
        label={t('quoteTotal')}
        value={withSymbol(wallet, quote.totalDebit)}
        strong
        testId="quote-total"
      />
      <div className="border-t border-primary/10" />
      <div className="flex items-end justify-between gap-3">
        <dt className="shrink-0 font-semibold">{t('quoteReceive')}</dt>
        <dd
          className="min-w-0 break-all text-right text-xl font-bold tabular-nums text-primary"
          data-testid="quote-receive"
        >
          {formatAmount(quote.receiveAmount, quote.receiveCurrency)} {quote.receiveCurrency}
        </dd>
      </div>
      <SummaryRow
        label={t('quoteDelivery')}
        value={t(DELIVERY_LABELS[quote.deliveryEstimate])}
        testId="quote-delivery"
      />
    </dl>
  )
}

/** The review step: everything the user is about to send, with the live quote's figures. */
function TransferReview({
  quote,
  wallet,
  countryLabel,
  method,
  recipient,
  description,
  secondsLeft,
  pending,
  onEdit,
  onSend,
}: {
  quote: InternationalQuote | null
  wallet: Wallet
  countryLabel: string
  method: InternationalMethod
  recipient: RecipientValues
  description: string
  secondsLeft: number
  pending: boolean
  onEdit: () => void
  onSend: () => void
}) {
  const t = useInternationalMessages()
  const fields = FIELDS_BY_METHOD[method]
  const rows: { label: string; value: string; testId?: string }[] = [
    { label: t('reviewTo'), value: recipient.fullName.trim(), testId: 'review-name' },
    { label: t('reviewCountry'), value: countryLabel, testId: 'review-country' },
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
                  value={withSymbol(wallet, quote.amount)}
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
            disabled={pending || !quote}
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
