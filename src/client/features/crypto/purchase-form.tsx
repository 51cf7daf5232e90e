import { ShoppingCart } from 'lucide-react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { formatMoney } from '#shared/money.ts'
import type { Cryptocurrency, Currency, ExchangeRate, Wallet } from '#shared/schemas/reference.ts'
import type { PurchaseFormValues } from './crypto-purchase-schema.ts'
import { previewCryptoQuantity } from './crypto-quantity.ts'
import { estimateCost } from './estimate-cost.ts'
import { useCryptoMessages } from './messages.ts'
import { PaymentMethodField } from './payment-method-field.tsx'
import { PurchaseAmountFields } from './purchase-amount-fields.tsx'
import { PurchasePreview } from './purchase-preview.tsx'

/**
 * The purchase form of the chosen coin: the amount and paying currency, the payment method, the
 * preview of what the amount buys and costs, and the buy button. The preview follows the form as
 * it is typed; the submission itself is the page's.
 */
export function PurchaseForm({
  form,
  crypto,
  currencies,
  currenciesFailed,
  wallets,
  rates,
  pending,
  onSubmit,
}: {
  form: UseFormReturn<PurchaseFormValues>
  crypto: Cryptocurrency
  currencies: readonly Currency[]
  currenciesFailed: boolean
  wallets: readonly Wallet[]
  rates: readonly ExchangeRate[]
  pending: boolean
  onSubmit: () => void
}) {
  const t = useCryptoMessages()
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
  const costText =
    estimate && pay
      ? formatAmount(estimate.cost, { code: estimate.cost.asset, symbol: pay.symbol })
      : null

  return (
    <form
      noValidate
      className="mt-4 grid grid-cols-1 gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <PurchaseAmountFields
        form={form}
        currencies={currencies}
        currenciesFailed={currenciesFailed}
        pay={pay}
        payWallet={payWallet}
        pending={pending}
      />
      <PaymentMethodField form={form} pending={pending} />
      <PurchasePreview
        crypto={crypto}
        quantity={quantity}
        estimate={estimate}
        costText={costText}
        shortWallet={overBalance ? payWallet : undefined}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <ShoppingCart aria-hidden="true" />
        {pending ? t('submitting') : t('submit', { code: crypto.code })}
      </Button>
    </form>
  )
}
