import { ArrowDownUp, ArrowLeftRight, Info } from 'lucide-react'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { CurrencySelect } from '#client/components/currency-select.tsx'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { useDefaultWallet } from '#client/entities/wallets/default-wallet.ts'
import { useCurrencies } from '#client/entities/wallets/use-currencies.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount, formatAmountDigits, toMoney } from '#client/lib/format-amount.ts'
import { describeChange } from '#client/lib/format-change.ts'
import { readableRate } from '#client/lib/format-rate.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { type AssetCode, add, formatMoney, isAssetCode, percentageOf } from '#shared/money.ts'
import { EXCHANGE_FEE_BASIS_POINTS, type ExchangeRequest } from '#shared/schemas/exchange.ts'
import type { Currency, Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import {
  estimateExchange,
  feePercentText,
  findListedRate,
} from '../../entities/rates/exchange-math.ts'
import { useExchangeRates } from '../../entities/rates/use-exchange-rates.ts'
import {
  amountHint,
  defaultPair,
  EMPTY_EXCHANGE_FORM,
  type ExchangeFormValues,
  exchangeFormSchema,
} from './exchange-form-schema.ts'
import { useExchangeMessages } from './messages.ts'
import { RateCard } from './rate-card.tsx'
import { useExchangeQuote } from './use-exchange-quote.ts'

const NO_WALLETS: readonly Wallet[] = []
// The amounts are the panels' headline figures: large, borderless, inside the panel's frame.
const BIG_AMOUNT_CLASSES =
  'h-12 w-full min-w-0 flex-1 bg-transparent text-2xl font-semibold tabular-nums outline-none placeholder:text-muted-foreground/60 disabled:opacity-50'

const NO_CURRENCIES: readonly Currency[] = []

function assetOf(currency: Pick<Currency, 'code'>): AssetCode {
  const code = currency.code.toUpperCase()
  return isAssetCode(code) ? code : 'USD'
}

function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-xl border bg-muted/40 p-4', className)}>{children}</div>
}

/**
 * The currency exchange (docs/screens.md "Exchange screen"): amount and from-currency, a swap
 * button, the to-currency with what arrives, the rate with its 24h change, and the 0.5% fee. Once
 * both currencies and an amount are set, a quote locks the rate for 30 seconds and is renewed as it
 * lapses; the exchange is sent with that quote and one Idempotency-Key per submission.
 */
export function ExchangeForm() {
  const t = useExchangeMessages()
  const { isAuthenticated } = useAuth()
  const showErrorToast = useShowErrorToast()
  const wallets = useWallets({ enabled: isAuthenticated })
  const currencies = useCurrencies({ enabled: isAuthenticated })
  const rates = useExchangeRates({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const currencyList = useMemo(
    () => (currencies.data ?? NO_CURRENCIES).filter((currency) => currency.isActive),
    [currencies.data],
  )

  const schema = useMemo(() => exchangeFormSchema(t, currencyList), [t, currencyList])
  const form = useForm<ExchangeFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: EMPTY_EXCHANGE_FORM,
  })
  const [chosenFrom, chosenTo, amountText] = useWatch({
    control: form.control,
    name: ['fromCurrencyId', 'toCurrencyId', 'amount'],
  })

  // The pair follows the wallets once they have loaded, unless the user has chosen already; a
  // side left empty is filled whenever a default exists for it.
  const defaults = defaultPair(walletList, currencyList, useDefaultWallet(walletList))
  useEffect(() => {
    if (defaults.from !== null && chosenFrom === null)
      form.setValue('fromCurrencyId', defaults.from)
    if (defaults.to !== null && chosenTo === null) form.setValue('toCurrencyId', defaults.to)
  }, [defaults.from, defaults.to, chosenFrom, chosenTo, form])
  const fromId = chosenFrom ?? defaults.from
  const toCandidate = chosenTo ?? defaults.to
  const toId = toCandidate === fromId ? null : toCandidate
  const from = currencyList.find((currency) => currency.id === fromId)
  const to = currencyList.find((currency) => currency.id === toId)
  const toChoices = currencyList.filter((currency) => currency.id !== fromId)
  const fromWallet = walletList.find((wallet) => wallet.currencyId === fromId)

  const parsedAmount = from ? readAmountInput(amountText, from.code) : null
  const amount = parsedAmount?.ok ? parsedAmount.value : null
  const amountWire = amount ? formatMoney(amount) : null
  const quoteState = useExchangeQuote(
    from && to && amountWire
      ? { fromCurrencyId: from.id, toCurrencyId: to.id, amount: amountWire }
      : null,
  )
  const quote = quoteState.quote

  const listed = from && to && rates.data ? findListedRate(rates.data, from.id, to.id) : null
  const estimate =
    amount && to && listed ? estimateExchange(amount, listed.rate, assetOf(to)) : null
  const rateText = quote?.rate ?? listed?.rate ?? null
  const figures = quote
    ? { fee: quote.fee, receive: quote.receiveAmount, total: quote.totalDebit }
    : estimate
      ? {
          fee: formatMoney(estimate.fee),
          receive: formatMoney(estimate.receive),
          total: formatMoney(estimate.totalDebit),
        }
      : null
  const change = listed?.changePercent ? describeChange(listed.changePercent) : null
  const feePercent = feePercentText()

  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: () => form.setValue('amount', ''),
    onRefused: (error) => {
      // An expired or unknown quote: lock a fresh rate at once for the user to review; the
      // server's message asks them to.
      if (error.code !== 'QUOTE_EXPIRED' && error.status !== 404) return false
      showErrorToast(error, { title: t('failedTitle'), message: t('failedText') })
      quoteState.refresh()
      return true
    },
  })
  const pending = action.busy

  function chooseFrom(currencyId: number) {
    // Choosing the currency already on the other side swaps the two.
    if (currencyId === toId) form.setValue('toCurrencyId', fromId)
    form.setValue('fromCurrencyId', currencyId)
  }

  function swap() {
    form.setValue('fromCurrencyId', toId)
    form.setValue('toCurrencyId', fromId)
  }

  // In the documented order: inputs first (one toast for any of them), then the source wallet,
  // then its balance.
  function refuse() {
    if (pending) return
    toast({ title: t('invalidTitle'), description: t('invalidText'), variant: 'destructive' })
  }

  function submit() {
    if (pending || !from || !to || !amount) return
    if (!fromWallet) {
      toast({
        title: t('walletNotFoundTitle'),
        description: t('walletNotFoundText', { currency: from.code }),
        variant: 'destructive',
      })
      return
    }
    // The fee counts: the server debits amount + 0.5%, so the check does too.
    const totalDebit = add(amount, percentageOf(amount, EXCHANGE_FEE_BASIS_POINTS))
    const balance = toMoney(fromWallet.balance, fromWallet.currency.code)
    if (!balance || balance.asset !== totalDebit.asset || walletShortfall(fromWallet, totalDebit)) {
      toast({
        title: t('insufficientTitle'),
        description: t('insufficientText'),
        variant: 'destructive',
      })
      return
    }
    const toWallet = walletList.find((wallet) => wallet.currencyId === to.id)
    const amountWireText = formatMoney(amount)
    const quoteId =
      quote &&
      quote.fromCurrencyId === from.id &&
      quote.toCurrencyId === to.id &&
      quote.amount === amountWireText
        ? quote.id
        : undefined
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: ExchangeRequest = {
      fromWalletId: fromWallet.id,
      ...(toWallet ? { toWalletId: toWallet.id } : {}),
      fromCurrencyId: from.id,
      toCurrencyId: to.id,
      amount: amountWireText,
      ...(quoteId ? { quoteId } : {}),
    }
    const shownFigures = quoteId && quote ? quote : null
    action.review({
      path: '/api/exchange',
      body,
      review: {
        title: t('reviewTitle'),
        rows: [
          { label: t('reviewExchange'), value: formatAmount(amountWireText, from) },
          ...(figures
            ? [
                {
                  label: t('feeLabel', { percent: feePercent }),
                  value: formatAmount(figures.fee, from),
                },
                { label: t('totalDebit'), value: formatAmount(figures.total, from), strong: true },
                {
                  label: t('reviewReceive'),
                  value: formatAmount(figures.receive, to),
                  strong: true,
                },
              ]
            : []),
          ...(rateText
            ? [
                { label: t('rateHeading'), value: readableRate(rateText, from, to).text },
                { label: t('rateExactLabel'), value: readableRate(rateText, from, to).exact },
              ]
            : []),
        ],
        note: shownFigures ? t('reviewLocked') : t('reviewTodayRate'),
        limitCheck: { currency: from.code, amount: amountWireText },
        spend: { wallet: fromWallet, total: totalDebit },
      },
    })
  }

  const receiveText = figures && to ? formatAmountDigits(figures.receive, to.code) : ''
  const hint = amountHint(t, amountText, from)
  const currenciesFailed = currencies.isError || wallets.isError

  return (
    <>
      <Card>
        <section aria-labelledby="exchange-heading" className="p-5 sm:p-6">
          <h2 id="exchange-heading" className="sr-only">
            {t('formHeading')}
          </h2>
          {currenciesFailed ? (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('currenciesUnavailable')}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  void currencies.refetch()
                  void wallets.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : currencies.isPending || wallets.isPending ? (
            <div role="status" aria-label={t('currenciesLoading')} className="grid gap-3">
              <div className="h-28 animate-pulse rounded-xl bg-muted" />
              <div className="h-28 animate-pulse rounded-xl bg-muted" />
              <div className="h-20 animate-pulse rounded-xl bg-muted" />
            </div>
          ) : (
            <form
              noValidate
              onSubmit={form.handleSubmit(submit, refuse)}
              className="grid grid-cols-1 gap-4"
            >
              <div className="relative grid grid-cols-1 gap-2">
                <Panel className="focus-within:border-primary/60 focus-within:ring-2 focus-within:ring-ring/30">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <Label htmlFor="exchange-amount" className="text-muted-foreground">
                      {t('from')}
                    </Label>
                    <p
                      className="ml-auto text-right text-xs text-muted-foreground"
                      data-testid="exchange-from-balance"
                    >
                      {from
                        ? fromWallet
                          ? t('balance', { balance: formatWalletBalance(fromWallet) })
                          : t('noWallet', { currency: from.code })
                        : null}
                    </p>
                  </div>
                  <div className="mt-2 flex items-center gap-2">
                    <input
                      id="exchange-amount"
                      aria-label={t('amount')}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={amountPlaceholder()}
                      {...form.register('amount')}
                      disabled={pending}
                      aria-invalid={hint ? true : undefined}
                      aria-describedby={hint ? 'exchange-amount-message' : undefined}
                      className={BIG_AMOUNT_CLASSES}
                    />
                    <CurrencySelect
                      id="exchange-from"
                      label={t('from')}
                      hideLabel
                      placeholder={t('currencyPlaceholder')}
                      currencies={currencyList}
                      value={fromId}
                      onChange={chooseFrom}
                      disabled={pending}
                      className="w-32 shrink-0"
                      triggerClassName="rounded-full bg-card font-medium"
                    />
                  </div>
                  {hint ? (
                    <p
                      id="exchange-amount-message"
                      className="mt-1 text-xs font-medium text-destructive"
                    >
                      {hint}
                    </p>
                  ) : null}
                </Panel>

                <div className="pointer-events-none absolute inset-x-0 top-1/2 flex -translate-y-1/2 justify-center">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={t('swap')}
                    onClick={swap}
                    disabled={pending || fromId === null || toId === null}
                    className="pointer-events-auto rounded-full bg-card shadow-sm"
                  >
                    <ArrowDownUp aria-hidden="true" />
                  </Button>
                </div>

                <Panel>
                  <p
                    id="exchange-receive-label"
                    className="text-sm font-medium text-muted-foreground"
                  >
                    {t('receive')}
                  </p>
                  {/* Text, not an input: a long figure gets smaller, and takes the line for
                      itself when it still does not fit beside the currency, instead of being cut. */}
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <output
                      aria-labelledby="exchange-receive-label"
                      data-testid="exchange-receive"
                      className={cn(
                        'amount flex-1 font-semibold',
                        receiveText.length > 12 ? 'text-lg' : 'text-2xl',
                        receiveText ? '' : 'text-muted-foreground/60',
                      )}
                    >
                      {receiveText || amountPlaceholder()}
                    </output>
                    <CurrencySelect
                      id="exchange-to"
                      label={t('to')}
                      hideLabel
                      placeholder={t('currencyPlaceholder')}
                      currencies={toChoices}
                      value={toId}
                      onChange={(currencyId) => form.setValue('toCurrencyId', currencyId)}
                      disabled={pending}
                      className="ml-auto w-32 shrink-0"
                      triggerClassName="rounded-full bg-card font-medium"
                    />
                  </div>
                </Panel>
              </div>

              <RateCard
                t={t}
                from={from}
                to={to}
                rateText={rateText}
                change={change}
                quoteState={quoteState}
                hasAmount={amount !== null}
                ratesFailed={rates.isError}
              />

              <div className="grid gap-3 rounded-xl border p-4 text-sm">
                {figures && from ? (
                  <dl className="grid gap-2" data-testid="exchange-summary">
                    <SummaryRow
                      label={t('feeLabel', { percent: feePercent })}
                      value={formatAmount(figures.fee, from)}
                      testId="exchange-fee"
                    />
                    <SummaryRow
                      label={t('totalDebit')}
                      value={formatAmount(figures.total, from)}
                      strong
                      testId="exchange-total"
                    />
                  </dl>
                ) : null}
                <p className="flex items-start gap-2 text-xs text-muted-foreground">
                  <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  {t('feeNote', { percent: feePercent })}
                </p>
              </div>

              <Button type="submit" size="lg" className="w-full" disabled={pending}>
                <ArrowLeftRight aria-hidden="true" />
                {pending
                  ? t('submitting')
                  : from && to
                    ? t('submit', { from: from.code, to: to.code })
                    : t('submitPlain')}
              </Button>
            </form>
          )}
        </section>
      </Card>
      <MoneyActionSheet action={action} />
    </>
  )
}
