import { Controller, type UseFormReturn } from 'react-hook-form'
import { ChoiceSelect } from '#client/components/ui/choice-select.tsx'
import { formatAmount } from '#client/lib/format-amount.ts'
import { BILL_PAYMENT_TYPES, type Biller, type BillPaymentType } from '#shared/schemas/bills.ts'
import { BILL_TYPE_LOOKS } from './bill-labels.ts'
import { type BillFormValues, billTypeOf } from './bill-pay-form-schema.ts'
import { useBillMessages } from './messages.ts'
import { type BillerCatalogue, billersIn } from './use-billers.ts'

/**
 * Whom the bill is paid to: the bill type, then one of that type's providers from the live
 * catalogue, then, where the provider sells packages (data bundles, pay-TV), which one. The type
 * is owned by the page, which shows it on its buttons and cards too, so choosing one here goes
 * up to the page rather than into the form.
 */
export function BillerSection({
  form,
  type,
  catalogue,
  catalogueState,
  biller,
  onBillTypeChange,
  pending,
}: {
  form: UseFormReturn<BillFormValues>
  type: BillPaymentType | undefined
  catalogue: BillerCatalogue | undefined
  catalogueState: 'loading' | 'failed' | 'ready'
  biller: Biller | undefined
  onBillTypeChange: (type: BillPaymentType) => void
  pending: boolean
}) {
  const t = useBillMessages()
  const { errors } = form.formState
  const providerError =
    errors.provider?.message ??
    (catalogueState === 'failed' && type ? t('billersFailed') : undefined)
  const providers = type ? billersIn(catalogue, type) : []
  // A bill type the provider has no billers for (insurance with Flutterwave) says so.
  const noProviders = type !== undefined && catalogueState === 'ready' && providers.length === 0
  // A package choice is offered where there is a choice: a biller selling one thing has none.
  const items = biller && biller.items.length > 1 ? biller.items : []
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
            placeholder={
              !type
                ? t('providerNeedsType')
                : catalogueState === 'loading'
                  ? t('billersLoading')
                  : noProviders
                    ? t('noProviders')
                    : t('providerPlaceholder')
            }
            value={field.value}
            options={providers.map((candidate) => ({
              value: candidate.id,
              label: candidate.name,
            }))}
            onChange={field.onChange}
            error={providerError}
            disabled={pending || !type || catalogueState !== 'ready' || noProviders}
          />
        )}
      />
      {items.length > 0 ? (
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="item"
            render={({ field }) => (
              <ChoiceSelect
                id="bill-item"
                label={t('package')}
                placeholder={t('packagePlaceholder')}
                value={field.value}
                options={items.map((item) => ({
                  value: item.id,
                  label:
                    item.amount === null
                      ? t('anyAmount', {
                          // A network's any-amount item is airtime, whatever the provider calls it.
                          name:
                            biller?.type === 'mobile' ? t(BILL_TYPE_LOOKS.mobile.label) : item.name,
                        })
                      : t('packagePrice', {
                          name: item.name,
                          price: formatAmount(item.amount, { code: 'NGN', symbol: '₦' }),
                        }),
                }))}
                onChange={field.onChange}
                error={errors.item?.message}
                disabled={pending}
              />
            )}
          />
        </div>
      ) : null}
    </div>
  )
}
