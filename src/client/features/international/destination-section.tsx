import { Controller, type UseFormReturn } from 'react-hook-form'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { type OptionCard, OptionCards } from '#client/components/ui/option-cards.tsx'
import { formatPercentNumber } from '#client/lib/format-change.ts'
import {
  DELIVERY_ESTIMATES,
  feeBasisPointsFor,
  INTERNATIONAL_METHODS,
  type InternationalMethod,
  type InternationalRegion,
} from '#shared/schemas/international.ts'
import { CountrySelect } from './country-select.tsx'
import { formatBasisPoints } from './destination-params.ts'
import type { FormProblems, InternationalFormValues } from './international-form-schema.ts'
import { DELIVERY_LABELS, METHOD_DISPLAY } from './international-labels.ts'
import { useInternationalMessages } from './messages.ts'

/** Where the money goes: a country of the region and the method it is paid out by. */
export function DestinationSection({
  form,
  region,
  problems,
  pending,
}: {
  form: UseFormReturn<InternationalFormValues>
  region: InternationalRegion
  problems: FormProblems
  pending: boolean
}) {
  const t = useInternationalMessages()
  const methodOptions: OptionCard<InternationalMethod>[] = INTERNATIONAL_METHODS.map((each) => ({
    value: each,
    label: t(METHOD_DISPLAY[each].label),
    hint: t('methodHint', {
      percent: formatPercentNumber(formatBasisPoints(feeBasisPointsFor(region, each))),
      delivery: t(DELIVERY_LABELS[DELIVERY_ESTIMATES[each]]),
    }),
    icon: METHOD_DISPLAY[each].icon,
  }))
  return (
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
        <Controller
          control={form.control}
          name="countryCode"
          render={({ field }) => (
            <CountrySelect
              id="international-country"
              countries={region.countries}
              value={field.value}
              onChange={field.onChange}
              error={problems('countryCode')}
              disabled={pending}
            />
          )}
        />
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium">{t('method')}</legend>
          <Controller
            control={form.control}
            name="method"
            render={({ field }) => (
              <OptionCards
                name="international-method"
                value={field.value}
                options={methodOptions}
                onChange={field.onChange}
                columnsClassName="grid-cols-1 md:grid-cols-3"
              />
            )}
          />
        </fieldset>
      </section>
    </Card>
  )
}
