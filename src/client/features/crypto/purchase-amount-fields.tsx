import { Controller, type UseFormReturn } from 'react-hook-form'
import { CurrencySelect } from '#client/components/currency-select.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { amountPlaceholder } from '#client/lib/amount-input.ts'
import { cn } from '#client/lib/cn.ts'
import type { Currency, Wallet } from '#shared/schemas/reference.ts'
import type { PurchaseFormValues } from './crypto-purchase-schema.ts'
import { useCryptoMessages } from './messages.ts'

/**
 * The amount in US dollars and the currency it is paid in, with the balance of the wallet in that
 * currency when the purchase is paid from a wallet (docs/exchange-and-crypto.md "Buying crypto").
 */
export function PurchaseAmountFields({
  form,
  currencies,
  currenciesFailed,
  pay,
  payWallet,
  pending,
}: {
  form: UseFormReturn<PurchaseFormValues>
  currencies: readonly Currency[]
  currenciesFailed: boolean
  /** The paying currency chosen. */
  pay: Currency | undefined
  /** The user's wallet in the paying currency, when they have one. */
  payWallet: Wallet | undefined
  pending: boolean
}) {
  const t = useCryptoMessages()
  const { errors } = form.formState
  const method = form.watch('paymentMethod')
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        id="crypto-amount"
        className="content-start"
        label={t('amountUsd')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountPlaceholder()}
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
  )
}
