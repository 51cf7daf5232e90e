import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { cn } from '#client/lib/cn.ts'
import { Input } from './input.tsx'
import { Label } from './label.tsx'

type TextFieldProps = ComponentProps<typeof Input> & {
  id: string
  label: string
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined
  /** Guidance shown under the field while there is no error. */
  hint?: string | undefined
}

/** A labelled input with its hint or error wired to it for screen readers. */
export function TextField({ id, label, error, hint, className, ...inputProps }: TextFieldProps) {
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
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

/** A password input with a button that shows the typed text, for people typing on phones. */
export function PasswordField({
  showLabel,
  hideLabel,
  ...props
}: Omit<TextFieldProps, 'type'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <TextField {...props} type={visible ? 'text' : 'password'} className="[&_input]:pr-11" />
      <button
        type="button"
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={props.id}
        onClick={() => setVisible((value) => !value)}
        className="absolute right-1 top-[1.625rem] inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  )
}
