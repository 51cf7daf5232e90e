import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, CreditCard, type LucideIcon, ShoppingCart, Wallet2 } from 'lucide-react'
import { useMemo } from 'react'
import { Controller, type UseFormReturn, useForm } from 'react-hook-form'
import { z } from 'zod'
import { CurrencySelect } from '#client/components/currency-select.tsx'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { findListedRate } from '#client/features/exchange/exchange-math.ts'
import { useExchangeRates } from '#client/features/exchange/use-exchange-rates.ts'
import { useWalletPreset } from '#client/features/wallets/default-wallet.ts'
import { useCurrencies } from '#client/features/wallets/use-currencies.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/features/wallets/wallet-format.ts'
import { isPositiveAmountText, readAmountInput } from '#client/lib/amount-input.ts'
import { cn } from '#client/lib/cn.ts'
import { formatMoneyForDisplay, toMoney } from '#client/lib/format-amount.ts'
import {
  convertAtRate,
  exponentOf,
  formatMoney,
  isAssetCode,
  type Money,
  parseScaled,
  RATE_SCALE,
} from '#shared/money.ts'
import { CRYPTO_PAYMENT_METHODS, type CryptoPurchaseRequest } from '#shared/schemas/exchange.ts'
import type { Cryptocurrency, Currency, ExchangeRate, Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { CryptoPicker } from './crypto-picker.tsx'
import { formatUsdPrice, previewCryptoQuantity, USD_SYMBOL } from './crypto-quantity.ts'
import { useCryptoMessages } from './messages.ts'
import {
  CRYPTO_HOLDINGS_QUERY_KEY,
  CRYPTOCURRENCIES_QUERY_KEY,
  useCryptocurrencies,
} from './use-crypto.ts'

type CryptoMessages = ReturnType<typeof useCryptoMessages>
type Method = (typeof CRYPTO_PAYMENT_METHODS)[number]

const METHODS: readonly {
  value: Method
  label: 'methodWallet' | 'methodCard'
  hint: 'methodWalletHint' | 'methodCardHint'
  icon: LucideIcon
}[] = [
  { value: 'wallet', label: 'methodWallet', hint: 'methodWalletHint', icon: Wallet2 },
  { value: 'card', label: 'methodCard', hint: 'methodCardHint', icon: CreditCard },
]

/** Under one cent: below the minimum of 0.01, even when typed with extra decimals. */
function isBelowOneCent(text: string): boolean {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.replace(/\s+/g, ''))
  if (!match) return false
  const [, whole = '', fraction = ''] = match
  return !/[1-9]/.test(whole) && !/[1-9]/.test(fraction.slice(0, 2))
}

/**
 * The crypto purchase rules with their messages (docs/exchange-and-crypto.md "Buying crypto"), in
 * the user's language. The amount is in US dollars, so it has at most two decimals.
 */
function purchaseFormSchema(t: CryptoMessages) {
  return z.object({
    cryptoCurrencyId: z
      .number({ error: t('selectCrypto') })
      .int()
      .min(1, t('selectCrypto')),
    fiatCurrencyId: z
      .number({ error: t('selectCurrency') })
      .int()
      .min(1, t('selectCurrency')),
    amount: z
      .string()
      .refine(isPositiveAmountText, t('amountPositive'))
      .superRefine((text, context) => {
        if (!isPositiveAmountText(text)) return
        const amount = readAmountInput(text, 'USD')
        if (amount.ok) return
        const message = isBelowOneCent(text)
          ? t('amountPositive')
          : amount.problem === 'too_many_decimals'
            ? t('amountDecimals', { decimals: exponentOf('USD') })
            : amount.problem === 'too_large'
              ? t('amountTooLarge')
              : t('amountPositive')
        context.addIssue({ code: 'custom', message })
      }),
    paymentMethod: z.enum(CRYPTO_PAYMENT_METHODS, { error: t('selectMethod') }),
  })
}

type FormValues = z.infer<ReturnType<typeof purchaseFormSchema>>

/** The defaults: no coin and no currency chosen (id 0), amount 0, paid from a wallet. */
const DEFAULT_VALUES: FormValues = {
  cryptoCurrencyId: 0,
  fiatCurrencyId: 0,
  amount: '0',
  paymentMethod: 'wallet',
}

const NO_WALLETS: readonly Wallet[] = []
const NO_CURRENCIES: readonly Currency[] = []
const NO_RATES: readonly ExchangeRate[] = []

/**
 * What the purchase costs in the paying currency: the dollars themselves, or an estimate at the
 * listed dollar rate (the server converts at its rate of the moment, so it is marked as one).
 */
function estimateCost(
  usd: Money,
  pay: Currency | undefined,
  usdCurrency: Currency | undefined,
  rates: readonly ExchangeRate[],
): { cost: Money; approximate: boolean } | null {
  if (!pay) return null
  const code = pay.code.toUpperCase()
  if (code === 'USD') return { cost: usd, approximate: false }
  if (!usdCurrency || !isAssetCode(code)) return null
  const listed = findListedRate(rates, usdCurrency.id, pay.id)
  if (!listed) return null
  const cost = convertAtRate(usd, parseScaled(listed.rate, RATE_SCALE), code)
  return { cost, approximate: true }
}

/**
 * Buy Crypto (docs/screens.md "Buy Crypto screen"): choose a coin at the server's price, then an
 * amount in US dollars, the paying currency and wallet or card. The preview is amount ÷ price to 8
 * decimals, truncated as the server does. One Idempotency-Key per submission.
 */
export function CryptoPurchase() {
  const t = useCryptoMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const cryptocurrencies = useCryptocurrencies({ enabled: isAuthenticated })
  const currencies = useCurrencies({ enabled: isAuthenticated })
  const wallets = useWallets({ enabled: isAuthenticated })
  const rates = useExchangeRates({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const currencyList = (currencies.data ?? NO_CURRENCIES).filter((currency) => currency.isActive)

  const schema = useMemo(() => purchaseFormSchema(t), [t])
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: DEFAULT_VALUES })
  const { errors } = form.formState
  // Paid from the default wallet (Settings, else the primary) unless the user picks another.
  const startWallet = useWalletPreset(walletList, (wallet) => {
    if (form.getValues('fiatCurrencyId') === 0) form.setValue('fiatCurrencyId', wallet.currencyId)
  })
  const startValues = { ...DEFAULT_VALUES, fiatCurrencyId: startWallet?.currencyId ?? 0 }

  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: async () => {
      form.reset(startValues)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CRYPTO_HOLDINGS_QUERY_KEY }),
        // The market has moved since the list loaded; the next purchase previews today's price.
        queryClient.invalidateQueries({ queryKey: CRYPTOCURRENCIES_QUERY_KEY }),
      ])
    },
  })
  const pending = action.busy

  const cryptoId = form.watch('cryptoCurrencyId')
  const crypto = cryptocurrencies.data?.find((candidate) => candidate.id === cryptoId)

  function choose(next: Cryptocurrency) {
    form.setValue('cryptoCurrencyId', next.id, { shouldValidate: form.formState.isSubmitted })
  }

  function submit(values: FormValues) {
    const usd = readAmountInput(values.amount, 'USD')
    if (!usd.ok || !crypto) return
    const pay = currencyList.find((currency) => currency.id === values.fiatCurrencyId)
    const usdCurrency = currencyList.find((currency) => currency.code === 'USD')
    const estimate = estimateCost(usd.value, pay, usdCurrency, rates.data ?? NO_RATES)
    const quantity = previewCryptoQuantity(formatMoney(usd.value), crypto.price, crypto.code)
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: CryptoPurchaseRequest = {
      cryptoCurrencyId: values.cryptoCurrencyId,
      fiatCurrencyId: values.fiatCurrencyId,
      amount: formatMoney(usd.value),
      paymentMethod: values.paymentMethod,
    }
    const cost = estimate
      ? `${pay?.symbol ?? ''}${formatMoneyForDisplay(estimate.cost)}`
      : `${USD_SYMBOL}${formatMoneyForDisplay(usd.value)}`
    action.review({
      path: '/api/crypto/purchase',
      body,
      review: {
        title: t('reviewTitle', { code: crypto.code }),
        rows: [
          ...(quantity
            ? [
                {
                  label: t('youReceive'),
                  value: t('quantity', { amount: quantity, code: crypto.code }),
                },
              ]
            : []),
          {
            label: t('unitPrice'),
            value: t('unitPriceValue', {
              code: crypto.code,
              symbol: USD_SYMBOL,
              price: formatUsdPrice(crypto.price),
            }),
          },
          {
            label: t('youPay'),
            value: estimate?.approximate ? t('youPayApprox', { amount: cost }) : cost,
            strong: true,
          },
          {
            label: t('reviewPaidWith'),
            value:
              values.paymentMethod === 'card'
                ? t('reviewCard')
                : t('reviewWallet', { code: pay?.code ?? '' }),
          },
        ],
        note: t('priceNote'),
      },
    })
  }

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <Card>
        <section aria-labelledby="crypto-choose-heading" className="p-5">
          <h2 id="crypto-choose-heading" className="mb-4 text-base font-semibold">
            {t('chooseHeading')}
          </h2>
          <CryptoPicker
            cryptocurrencies={cryptocurrencies}
            selectedId={cryptoId}
            onSelect={choose}
            disabled={pending}
          />
          {crypto || !cryptocurrencies.isSuccess ? null : (
            <p className="mt-4 text-sm text-muted-foreground">{t('chooseHint')}</p>
          )}
        </section>
      </Card>

      {crypto ? (
        <Card>
          <section aria-labelledby="crypto-form-heading" className="p-5">
            <h2 id="crypto-form-heading" className="text-base font-semibold">
              {t('formHeading', { name: crypto.name })}
            </h2>
            <PurchaseForm
              t={t}
              form={form}
              crypto={crypto}
              currencies={currencyList}
              currenciesFailed={currencies.isError}
              wallets={walletList}
              rates={rates.data ?? NO_RATES}
              pending={pending}
              onSubmit={form.handleSubmit(submit)}
            />
            {errors.cryptoCurrencyId?.message ? (
              <p className="mt-2 text-xs font-medium text-destructive">
                {errors.cryptoCurrencyId.message}
              </p>
            ) : null}
          </section>
        </Card>
      ) : null}
      <MoneyActionSheet action={action} />
    </div>
  )
}

function PurchaseForm({
  t,
  form,
  crypto,
  currencies,
  currenciesFailed,
  wallets,
  rates,
  pending,
  onSubmit,
}: {
  t: CryptoMessages
  form: UseFormReturn<FormValues>
  crypto: Cryptocurrency
  currencies: readonly Currency[]
  currenciesFailed: boolean
  wallets: readonly Wallet[]
  rates: readonly ExchangeRate[]
  pending: boolean
  onSubmit: () => void
}) {
  const { errors } = form.formState
  const amountText = form.watch('amount')
  const fiatId = form.watch('fiatCurrencyId')
  const method = form.watch('paymentMethod')
  const usd = readAmountInput(amountText, 'USD')
  const quantity = usd.ok
    ? previewCryptoQuantity(formatMoney(usd.value), crypto.price, crypto.code)
    : null
  const pay = currencies.find((currency) => currency.id === fiatId)
  const usdCurrency = currencies.find((currency) => currency.code.toUpperCase() === 'USD')
  const estimate = usd.ok ? estimateCost(usd.value, pay, usdCurrency, rates) : null
  const payWallet = pay ? wallets.find((wallet) => wallet.currencyId === pay.id) : undefined
  const balance = payWallet ? toMoney(payWallet.balance, payWallet.currency.code) : null
  const overBalance =
    method === 'wallet' &&
    estimate !== null &&
    balance !== null &&
    balance.asset === estimate.cost.asset &&
    estimate.cost.amountMinor > balance.amountMinor
  const costText = estimate && pay ? `${pay.symbol}${formatMoneyForDisplay(estimate.cost)}` : null

  return (
    <form
      noValidate
      className="mt-4 grid grid-cols-1 gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="crypto-amount"
          className="content-start"
          label={t('amountUsd')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('amountPlaceholder')}
          error={errors.amount?.message}
          disabled={pending}
          // The default is 0: selecting it lets the first key press replace it.
          onFocus={(event) => event.currentTarget.select()}
          {...form.register('amount')}
        />
        <div className="grid grid-cols-1 content-start gap-2">
          <Controller
            control={form.control}
            name="fiatCurrencyId"
            render={({ field }) => (
              <CurrencySelect
                id="crypto-currency"
                label={t('paymentCurrency')}
                placeholder={t('currencyPlaceholder')}
                currencies={currencies}
                value={field.value > 0 ? field.value : null}
                onChange={field.onChange}
                showName
                error={
                  errors.fiatCurrencyId?.message ??
                  (currenciesFailed ? t('currenciesUnavailable') : undefined)
                }
                disabled={pending}
              />
            )}
          />
          {pay && method === 'wallet' ? (
            <p
              className={cn(
                'text-xs',
                payWallet
                  ? 'text-muted-foreground'
                  : 'font-medium text-amber-700 dark:text-amber-300',
              )}
              data-testid="crypto-pay-balance"
            >
              {payWallet
                ? t('balance', { balance: formatWalletBalance(payWallet) })
                : t('noWallet', { currency: pay.code })}
            </p>
          ) : null}
        </div>
      </div>

      <fieldset className="grid grid-cols-1 gap-2" disabled={pending}>
        <legend className="mb-2 text-sm font-medium">{t('paymentMethod')}</legend>
        <Controller
          control={form.control}
          name="paymentMethod"
          render={({ field }) => (
            <OptionCards
              name={field.name}
              value={field.value}
              options={METHODS.map((option) => ({
                value: option.value,
                label: t(option.label),
                hint: t(option.hint),
                icon: option.icon,
              }))}
              onChange={field.onChange}
              onBlur={field.onBlur}
              columnsClassName="grid-cols-1 sm:grid-cols-2"
            />
          )}
        />
        {errors.paymentMethod?.message ? (
          <p className="text-xs font-medium text-destructive">{errors.paymentMethod.message}</p>
        ) : null}
      </fieldset>

      <div className="grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
        <h3 className="text-xs font-medium text-muted-foreground">{t('previewHeading')}</h3>
        <dl className="grid gap-2">
          <div className="flex items-start justify-between gap-3">
            <dt className="shrink-0 font-semibold">{t('youReceive')}</dt>
            <dd
              className="min-w-0 break-all text-right text-base font-bold tabular-nums"
              data-testid="crypto-preview"
            >
              {t('quantity', { amount: quantity ?? '0.00000000', code: crypto.code })}
            </dd>
          </div>
          <SummaryRow
            label={t('unitPrice')}
            value={t('unitPriceValue', {
              code: crypto.code,
              price: formatUsdPrice(crypto.price),
              symbol: USD_SYMBOL,
            })}
            testId="crypto-unit-price"
          />
          {costText ? (
            <SummaryRow
              label={t('youPay')}
              value={estimate?.approximate ? t('youPayApprox', { amount: costText }) : costText}
              strong
              testId="crypto-cost"
            />
          ) : null}
        </dl>
        {overBalance && payWallet ? (
          <p
            role="status"
            className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
          >
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {t('overBalance', { balance: formatWalletBalance(payWallet) })}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('priceNote')}</p>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <ShoppingCart aria-hidden="true" />
        {pending ? t('submitting') : t('submit', { code: crypto.code })}
      </Button>
    </form>
  )
}
