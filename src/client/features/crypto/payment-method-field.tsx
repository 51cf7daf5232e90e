import { CreditCard, type LucideIcon, Wallet2 } from 'lucide-react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import type { CRYPTO_PAYMENT_METHODS } from '#shared/schemas/exchange.ts'
import type { PurchaseFormValues } from './crypto-purchase-schema.ts'
import { useCryptoMessages } from './messages.ts'

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

/** How the coins are paid for: from the wallet in the paying currency, or by card. */
export function PaymentMethodField({
  form,
  pending,
}: {
  form: UseFormReturn<PurchaseFormValues>
  pending: boolean
}) {
  const t = useCryptoMessages()
  const { errors } = form.formState
  return (
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
      <FieldError>{errors.paymentMethod?.message}</FieldError>
    </fieldset>
  )
}
