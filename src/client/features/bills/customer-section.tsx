import { BadgeCheck, Loader2, Smartphone } from 'lucide-react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import {
  type Biller,
  type BillPaymentType,
  CUSTOMER_NUMBER_MAX_LENGTH,
} from '#shared/schemas/bills.ts'
import type { BillCustomerAnswer, BillCustomerCheck } from './bill-customer-check.ts'
import { customerNumberLabel, customerNumberRuleText } from './bill-labels.ts'
import type { BillFormValues } from './bill-pay-form-schema.ts'
import { useBillMessages } from './messages.ts'

/**
 * The customer number, called as the biller calls it, and the biller's answer about it: checking,
 * the customer's name, or a way to ask again when the check itself failed (docs/screens.md "Bill
 * pay screen").
 */
export function CustomerSection({
  form,
  type,
  biller,
  customer,
  check,
  onCheckAgain,
  pending,
}: {
  form: UseFormReturn<BillFormValues>
  type: BillPaymentType | undefined
  biller: Biller | undefined
  customer: BillCustomerAnswer
  check: BillCustomerCheck
  onCheckAgain: () => void
  pending: boolean
}) {
  const t = useBillMessages()
  const { user } = useAuth()
  const { errors } = form.formState
  const { checkError, notFound, checking, found } = check
  // A top-up for the user's own verified Nigerian number is one tap away.
  const ownNumber =
    (biller ? biller.customerNumber.kind === 'phone' : type === 'mobile') &&
    user?.phoneVerified &&
    user.phoneNumber?.startsWith('+234')
      ? formatPhoneNational(user.phoneNumber)
      : null
  return (
    <div className="grid grid-cols-1 gap-2">
      <TextField
        id="bill-number"
        label={customerNumberLabel(t, type, biller?.customerNumber)}
        inputMode={
          biller?.customerNumber.kind === 'phone'
            ? 'tel'
            : biller?.customerNumber.characters === 'alphanumeric'
              ? 'text'
              : 'numeric'
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={CUSTOMER_NUMBER_MAX_LENGTH}
        error={errors.accountNumber?.message ?? checkError}
        hint={
          biller && customer.number === null
            ? customerNumberRuleText(t, biller.customerNumber)
            : undefined
        }
        disabled={pending}
        {...form.register('accountNumber')}
      />
      {ownNumber ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={pending}
          onClick={() =>
            form.setValue('accountNumber', ownNumber, {
              shouldValidate: form.formState.isSubmitted,
              shouldDirty: true,
            })
          }
        >
          <Smartphone aria-hidden="true" />
          {t('myNumber', { number: ownNumber })}
        </Button>
      ) : null}
      {checking && biller ? (
        <p
          role="status"
          className="flex items-center gap-2 text-xs text-muted-foreground"
          data-testid="bill-customer-checking"
        >
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          {t('checking', { provider: biller.name })}
        </p>
      ) : null}
      {/* A phone top-up names nobody (found.customerName is null): nothing to confirm. */}
      {found?.customerName && !errors.accountNumber ? (
        <p
          className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-200"
          data-testid="bill-customer"
        >
          <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
          <span className="grid min-w-0">
            <span className="text-xs text-emerald-800/80 dark:text-emerald-300/80">
              {t('customerFound')}
            </span>
            <span className="break-words font-semibold" data-testid="bill-customer-name">
              {found.customerName}
            </span>
            {found.customerAddress ? (
              <span className="break-words text-xs" data-testid="bill-customer-address">
                {found.customerAddress}
              </span>
            ) : null}
          </span>
        </p>
      ) : null}
      {customer.isError && !notFound && customer.number !== null ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={onCheckAgain}
        >
          {t('checkAgain')}
        </Button>
      ) : null}
    </div>
  )
}
