import type { Ref, TextareaHTMLAttributes } from 'react'
import { Label } from '#client/components/ui/label.tsx'
import { cn } from '#client/lib/cn.ts'

/** A labelled multi-line input, its hint or error wired to it as TextField does. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string
  label: string
  error?: string | undefined
  hint?: string | undefined
  ref?: Ref<HTMLTextAreaElement>
}) {
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={cn(
          'w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base sm:text-sm',
          'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
        )}
        {...props}
      />
      {message ? (
        <p
          id={messageId}
          className={cn(
            'text-xs',
            error ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {message}
        </p>
      ) : null}
    </div>
  )
}
