import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

export type Fact = { label: string; value: ReactNode; code?: boolean }

/** Label and value pairs of one thing (a dispute, a profile), two columns on a wide screen. */
export function Facts({ items, className }: { items: readonly Fact[]; className?: string }) {
  return (
    <dl
      className={cn(
        'grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]',
        className,
      )}
    >
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd className={cn('min-w-0', item.code ? 'font-mono wrap-anywhere' : 'wrap-break-word')}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
