import { cn } from '#client/lib/cn.ts'

/** One limit as a bar: what is used of it, named for screen readers by its label. */
export function UsageBar({
  label,
  percent,
  testId,
}: {
  label: string
  percent: number
  testId: string
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      data-testid={testId}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          percent >= 100 ? 'bg-destructive' : percent >= 80 ? 'bg-amber-500' : 'bg-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
