import type { LucideIcon } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

export type OptionCard<V extends string> = {
  value: V
  label: string
  hint: string
  icon: LucideIcon
}

/**
 * A radio group drawn as cards with an icon, a label and a hint: a native radio under each
 * card, so keyboard, forms and screen readers work as with any radio button.
 */
export function OptionCards<V extends string>({
  name,
  value,
  options,
  onChange,
  onBlur,
  columnsClassName = 'grid-cols-2',
}: {
  name: string
  value: V | undefined
  options: readonly OptionCard<V>[]
  onChange: (value: V) => void
  onBlur?: () => void
  /** The grid's columns; a long label may need one column on a phone. */
  columnsClassName?: string
}) {
  return (
    <div className={cn('grid gap-2', columnsClassName)}>
      {options.map((option) => {
        const Icon = option.icon
        const checked = value === option.value
        return (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors hover:bg-muted',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              checked && 'border-primary bg-secondary hover:bg-secondary',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-lg',
                checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{option.label}</span>
              <span className="block text-xs leading-snug text-muted-foreground">
                {option.hint}
              </span>
            </span>
          </label>
        )
      })}
    </div>
  )
}
