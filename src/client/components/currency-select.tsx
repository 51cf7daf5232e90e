import { CurrencyFlag } from '#client/components/flag.tsx'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { useLanguage } from '#client/i18n/language.ts'
import { cn } from '#client/lib/cn.ts'
import { currencyName } from '#client/lib/currency-name.ts'
import type { Currency } from '#shared/schemas/reference.ts'

export type CurrencyOption = Pick<Currency, 'id' | 'code' | 'name' | 'flagEmoji'>

/**
 * A labelled choice of currencies, each with its flag and code, and its name where there is
 * room (`showName`). The value is the currency id; `null` shows the placeholder.
 */
export function CurrencySelect({
  id,
  label,
  placeholder,
  currencies,
  value,
  onChange,
  showName = false,
  hideLabel = false,
  error,
  disabled,
  className,
  triggerClassName,
}: {
  id: string
  label: string
  placeholder: string
  currencies: readonly CurrencyOption[]
  value: number | null
  onChange: (currencyId: number) => void
  showName?: boolean
  /** The label is still read out, for a select whose meaning the layout already shows. */
  hideLabel?: boolean
  error?: string | undefined
  disabled?: boolean
  className?: string
  triggerClassName?: string
}) {
  // Currency names are in the language on screen.
  const language = useLanguage()
  const messageId = `${id}-message`
  return (
    <div className={cn('grid grid-cols-1 gap-2', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Select
        value={value === null ? '' : String(value)}
        onValueChange={(next) => {
          const chosen = currencies.find((currency) => String(currency.id) === next)
          if (chosen) onChange(chosen.id)
        }}
        disabled={disabled ?? false}
      >
        <SelectTrigger
          id={id}
          className={triggerClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {currencies.map((currency) => (
            <SelectItem key={currency.id} value={String(currency.id)}>
              <CurrencyFlag flagEmoji={currency.flagEmoji} className="mr-2" />
              <span className="font-medium">{currency.code}</span>
              {showName ? (
                <span className="ml-1.5 text-muted-foreground">
                  {currencyName(currency, language)}
                </span>
              ) : null}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={messageId}>{error}</FieldError>
    </div>
  )
}
