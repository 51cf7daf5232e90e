import { Flag } from '#client/components/flag.tsx'
import { cn } from '#client/lib/cn.ts'

/**
 * One line of a money summary inside a `<dl>`: a label and a value, the value right-aligned.
 * When both do not fit on one line the value moves under the label rather than being broken:
 * an amount never wraps or clips (docs/screens.md "Display rules").
 */
export function SummaryRow({
  label,
  value,
  strong,
  text,
  code,
  flag,
  testId,
}: {
  label: string
  value: string
  strong?: boolean
  /** Words (a name, a description): they wrap between words. Without it the value is an amount. */
  text?: boolean
  /** One unbroken token (a reference, a code): it may break anywhere, as nothing else fits. */
  code?: boolean
  /** The country whose flag goes before the value (a wallet's currency, a destination). */
  flag?: string | null
  testId?: string
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
      <dt className={cn(strong ? 'font-semibold' : 'text-muted-foreground')}>{label}</dt>
      <dd
        className={cn(
          'ml-auto min-w-0 text-right',
          code ? 'wrap-anywhere' : text ? 'wrap-break-word' : 'amount',
          strong && 'font-semibold',
        )}
        data-testid={testId}
      >
        {flag ? <Flag country={flag} className="mr-1.5" /> : null}
        {value}
      </dd>
    </div>
  )
}
