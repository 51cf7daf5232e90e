import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Card } from '#client/components/ui/card.tsx'
import { useExchangeRates } from '#client/entities/rates/use-exchange-rates.ts'
import { useSettings } from '#client/entities/settings/use-settings.ts'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useCurrencies } from '#client/entities/wallets/use-currencies.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatMoney } from '#shared/money.ts'
import type { CryptoPurchaseRequest } from '#shared/schemas/exchange.ts'
import type { Cryptocurrency, Currency, ExchangeRate, Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { CryptoPicker } from './crypto-picker.tsx'
import {
  DEFAULT_PURCHASE_VALUES,
  type PurchaseFormValues,
  purchaseFormSchema,
} from './crypto-purchase-schema.ts'
import { estimateCost } from './estimate-cost.ts'
import { useCryptoMessages } from './messages.ts'
import { PurchaseForm } from './purchase-form.tsx'
import { purchaseReview } from './purchase-review.ts'
import {
  CRYPTO_HOLDINGS_QUERY_KEY,
  CRYPTOCURRENCIES_QUERY_KEY,
  useCryptocurrencies,
} from './use-crypto.ts'

const NO_WALLETS: readonly Wallet[] = []
const NO_CURRENCIES: readonly Currency[] = []
const NO_RATES: readonly ExchangeRate[] = []

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
  const settings = useSettings()
  const currencyList = (currencies.data ?? NO_CURRENCIES).filter((currency) => currency.isActive)

  const schema = useMemo(() => purchaseFormSchema(t), [t])
  const form = useForm<PurchaseFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: DEFAULT_PURCHASE_VALUES,
  })
  const { errors } = form.formState
  // Paid from the default wallet (Settings, else the primary) unless the user picks another.
  const startWallet = useWalletPreset(walletList, (wallet) => {
    if (form.getValues('fiatCurrencyId') === 0) form.setValue('fiatCurrencyId', wallet.currencyId)
  })
  const startValues = { ...DEFAULT_PURCHASE_VALUES, fiatCurrencyId: startWallet?.currencyId ?? 0 }

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
  // Prices are dollars on the wire; a user who sees their money in naira sees them in naira too
  // (docs/account.md "Country and currency"), at the listed rate, the dollars beside them.
  const display = currencyList.find(
    (currency) => currency.code === settings.data?.displayCurrency && currency.code !== 'USD',
  )
  const usdCurrency = currencyList.find((currency) => currency.code === 'USD')
  function localPrice(usdPrice: string): string | null {
    const usd = toMoney(usdPrice, 'USD')
    const estimate = usd ? estimateCost(usd, display, usdCurrency, rates.data ?? NO_RATES) : null
    return display && estimate ? formatAmount(estimate.cost, display) : null
  }
  const crypto = cryptocurrencies.data?.find((candidate) => candidate.id === cryptoId)

  function choose(next: Cryptocurrency) {
    form.setValue('cryptoCurrencyId', next.id, { shouldValidate: form.formState.isSubmitted })
  }

  function submit(values: PurchaseFormValues) {
    const usd = readAmountInput(values.amount, 'USD')
    if (!usd.ok || !crypto) return
    const pay = currencyList.find((currency) => currency.id === values.fiatCurrencyId)
    const usdCurrency = currencyList.find((currency) => currency.code === 'USD')
    const estimate = estimateCost(usd.value, pay, usdCurrency, rates.data ?? NO_RATES)
    const payingWallet = walletList.find((wallet) => wallet.currencyId === values.fiatCurrencyId)
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: CryptoPurchaseRequest = {
      cryptoCurrencyId: values.cryptoCurrencyId,
      fiatCurrencyId: values.fiatCurrencyId,
      amount: formatMoney(usd.value),
      paymentMethod: values.paymentMethod,
    }
    action.review({
      path: '/api/crypto/purchase',
      body,
      review: {
        ...purchaseReview(t, {
          crypto,
          usd: usd.value,
          pay,
          estimate,
          paymentMethod: values.paymentMethod,
        }),
        // Only a purchase paid from a wallet counts as sent (docs/limits.md), and only it
        // needs the wallet to hold the cost.
        ...(values.paymentMethod === 'wallet'
          ? { limitCheck: { currency: 'USD', amount: formatMoney(usd.value) } }
          : {}),
        ...(values.paymentMethod === 'wallet' && payingWallet && estimate
          ? { spend: { wallet: payingWallet, total: estimate.cost } }
          : {}),
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
            localPrice={localPrice}
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
