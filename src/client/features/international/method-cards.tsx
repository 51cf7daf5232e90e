import { Clock, Tag } from 'lucide-react'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { DELIVERY_ESTIMATES, INTERNATIONAL_METHODS } from '#shared/schemas/international.ts'
import { DELIVERY_LABELS, METHOD_DISPLAY } from './international-labels.ts'
import { useInternationalMessages } from './messages.ts'

/**
 * The three method cards (docs/screens.md "Transfer global"): bank wire (1-3 business days, lowest
 * fees), cash pickup (within hours, medium fees), mobile wallet (within minutes, higher fees). They
 * inform; the method itself is chosen on the transfer screen.
 */
export function MethodCards() {
  const t = useInternationalMessages()
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-3" data-testid="methods">
      {INTERNATIONAL_METHODS.map((method) => {
        const display = METHOD_DISPLAY[method]
        const Icon = display.icon
        return (
          <li key={method}>
            <Card className="flex h-full items-start gap-3 p-4 md:flex-col">
              <span
                className={cn(
                  'flex size-11 shrink-0 items-center justify-center rounded-xl',
                  display.tone,
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">{t(display.label)}</span>
                <span className="mt-0.5 block text-sm text-muted-foreground">
                  {t(display.text)}
                </span>
                <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium">
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    {t(DELIVERY_LABELS[DELIVERY_ESTIMATES[method]])}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Tag className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    {t(display.fees)}
                  </span>
                </span>
              </span>
            </Card>
          </li>
        )
      })}
    </ul>
  )
}
