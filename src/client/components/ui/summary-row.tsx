import { cn } from '#client/lib/cn.ts'

/**
 * One line of a money summary inside a `<dl>`: a label and a figure, the figure right-aligned
 * and wrapping rather than widening the page when it is long.
 */
export function SummaryRow({
  label,
  value,
  strong,
  text,
  testId,
}: {
  label: string
  value: string
  strong?: boolean
  /** Words (a name, a description) wrap between words; figures may break anywhere. */
  text?: boolean
  testId?: string
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className={cn('shrink-0', strong ? 'font-semibold' : 'text-muted-foreground')}>
        {label}
      </dt>
      <dd
        className={cn(
          'min-w-0 text-right',
          text ? 'break-words' : 'break-all tabular-nums',
          strong && 'font-semibold',
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  )
}
