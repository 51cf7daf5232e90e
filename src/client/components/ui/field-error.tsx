import type { ReactNode } from 'react'

/**
 * A field's error under it, in the user's words, tied to the field by `id` (its
 * `aria-describedby`); `alert` announces it when it appears. Nothing when there is no error.
 */
export function FieldError({
  id,
  alert,
  children,
}: {
  id?: string | undefined
  alert?: boolean
  children: ReactNode
}) {
  if (children === undefined || children === null || children === '' || children === false)
    return null
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-xs font-medium text-destructive">
      {children}
    </p>
  )
}
