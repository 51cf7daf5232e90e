import { Controller, type UseFormReturn } from 'react-hook-form'
import { BILL_PAYMENT_TYPES, type BillPaymentType, billersOf } from '#shared/schemas/bills.ts'
import { BILL_TYPE_LOOKS } from './bill-labels.ts'
import { type BillFormValues, billTypeOf } from './bill-pay-form-schema.ts'
import { ChoiceSelect } from './choice-select.tsx'
import { useBillMessages } from './messages.ts'

/**
 * Whom the bill is paid to: the bill type, then one of that type's providers. The type is owned
 * by the page, which shows it on its buttons and cards too, so choosing one here goes up to the
 * page rather than into the form.
 */
export function BillerSection({
  form,
  type,
  onBillTypeChange,
  pending,
}: {
  form: UseFormReturn<BillFormValues>
  type: BillPaymentType | undefined
  onBillTypeChange: (type: BillPaymentType) => void
  pending: boolean
}) {
  const t = useBillMessages()
  const { errors } = form.formState
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="billType"
        render={({ field }) => (
          <ChoiceSelect
            id="bill-type"
            label={t('billType')}
            placeholder={t('billTypePlaceholder')}
            value={field.value}
            options={BILL_PAYMENT_TYPES.map((value) => ({
              value,
              label: t(BILL_TYPE_LOOKS[value].label),
            }))}
            onChange={(value) => {
              const next = billTypeOf(value)
              if (next) onBillTypeChange(next)
            }}
            error={errors.billType?.message}
            disabled={pending}
          />
        )}
      />
      <Controller
        control={form.control}
        name="provider"
        render={({ field }) => (
          <ChoiceSelect
            id="bill-provider"
            label={t('provider')}
            placeholder={type ? t('providerPlaceholder') : t('providerNeedsType')}
            value={field.value}
            options={(type ? billersOf(type) : []).map((candidate) => ({
              value: candidate.id,
              label: candidate.name,
            }))}
            onChange={field.onChange}
            error={errors.provider?.message}
            disabled={pending || !type}
          />
        )}
      />
    </div>
  )
}
