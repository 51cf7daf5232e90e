import { FieldError } from '#client/components/ui/field-error.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'

/**
 * A labelled select of fixed choices (a bill type, a provider, a role), shaped like the wallet
 * select beside it, with its error under it.
 */
export function ChoiceSelect({
  id,
  label,
  placeholder,
  value,
  options,
  onChange,
  error,
  disabled,
  hideLabel,
  className,
}: {
  id: string
  label: string
  placeholder?: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  error?: string | undefined
  disabled?: boolean
  /** For a select inside a table row: the label is for screen readers only. */
  hideLabel?: boolean
  className?: string
}) {
  const messageId = `${id}-message`
  return (
    <div className={className ?? 'grid grid-cols-1 content-start gap-2'}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      {/* A value no option has (nothing chosen yet) shows the placeholder. */}
      <Select
        value={options.some((option) => option.value === value) ? value : ''}
        onValueChange={onChange}
        disabled={disabled ?? false}
      >
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={messageId}>{error}</FieldError>
    </div>
  )
}
