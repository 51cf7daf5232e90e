import type { Ref, TextareaHTMLAttributes } from 'react'
import { cn } from '#client/lib/cn.ts'

/** A multi-line text box, styled as `Input`: 16 px text on phones so iOS does not zoom in. */
export function Textarea({
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full min-w-0 resize-y rounded-lg border border-input bg-card px-3 py-2 text-base sm:text-sm',
        'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  )
}
