import { ChevronRight } from 'lucide-react'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { BILL_TYPES, type BillPaymentType } from '#shared/schemas/bills.ts'
import { BILL_TYPE_LOOKS } from './bill-labels.ts'
import { useBillMessages } from './messages.ts'

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'

const PROMOS: readonly {
  type: 'government' | 'tax'
  title: 'promoGovernmentTitle' | 'promoTaxTitle'
  text: 'promoGovernmentText' | 'promoTaxText'
  look: string
}[] = [
  {
    type: 'government',
    title: 'promoGovernmentTitle',
    text: 'promoGovernmentText',
    look: 'from-emerald-600 to-emerald-800',
  },
  { type: 'tax', title: 'promoTaxTitle', text: 'promoTaxText', look: 'from-sky-600 to-indigo-700' },
]

/**
 * The two promo cards, "Pay TSA and State" and "Pay Taxes" (docs/screens.md "Bill pay screen"):
 * each opens the same bill form for a government or tax payment by payment reference.
 */
export function BillPromoCards({
  selected,
  onChoose,
}: {
  selected: BillPaymentType | undefined
  onChoose: (type: BillPaymentType) => void
}) {
  const t = useBillMessages()
  return (
    <section aria-labelledby="bill-promo-heading">
      <h2 id="bill-promo-heading" className="sr-only">
        {t('promoHeading')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4">
        {PROMOS.map((promo) => {
          const Icon = BILL_TYPE_LOOKS[promo.type].icon
          const active = selected === promo.type
          return (
            <li key={promo.type} className="min-w-0">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChoose(promo.type)}
                className={cn(
                  'group flex h-full w-full flex-col items-start gap-3 rounded-xl bg-gradient-to-br p-4 text-left text-white shadow-sm transition-shadow hover:shadow-md sm:flex-row sm:items-center sm:p-5',
                  promo.look,
                  active && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
                  focusRing,
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold sm:text-base">{t(promo.title)}</span>
                  <span className="mt-0.5 block text-xs leading-snug text-white/85 sm:text-sm">
                    {t(promo.text)}
                  </span>
                </span>
                <ChevronRight
                  className="hidden size-5 shrink-0 text-white/80 transition-transform group-hover:translate-x-0.5 sm:block"
                  aria-hidden="true"
                />
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The six bill-type buttons (docs/screens.md "Bill pay screen"); the chosen one is pressed. */
export function BillTypeButtons({
  selected,
  onChoose,
}: {
  selected: BillPaymentType | undefined
  onChoose: (type: BillPaymentType) => void
}) {
  const t = useBillMessages()
  return (
    <Card>
      <section aria-labelledby="bill-types-heading" className="p-4 sm:p-5">
        <h2 id="bill-types-heading" className="mb-3 text-base font-semibold">
          {t('typesHeading')}
        </h2>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
          {BILL_TYPES.map((type) => {
            const look = BILL_TYPE_LOOKS[type]
            const Icon = look.icon
            const active = selected === type
            return (
              <li key={type} className="min-w-0">
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onChoose(type)}
                  className={cn(
                    'flex h-full w-full flex-col items-center gap-2 rounded-xl border px-1 py-3 text-center transition-colors hover:bg-muted',
                    active && 'border-primary bg-secondary hover:bg-secondary',
                    focusRing,
                  )}
                >
                  <span
                    className={cn(
                      'flex size-10 items-center justify-center rounded-full',
                      active ? 'bg-primary text-primary-foreground' : look.tone,
                    )}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="w-full text-xs leading-tight font-medium wrap-break-word hyphens-auto sm:text-sm">
                    {t(look.label)}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      </section>
    </Card>
  )
}
