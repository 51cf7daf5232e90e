import { Flag } from '#client/components/flag.tsx'
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
import { countryName } from '#client/lib/country-name.ts'
import type { InternationalCountry } from '#shared/schemas/international.ts'
import { useInternationalMessages } from './messages.ts'

/** A country's name in the language on screen (src/client/lib/country-name.ts). */
export function useCountryName(): (country: InternationalCountry) => string {
  const language = useLanguage()
  return (country) => countryName(country, language)
}

/** The countries of a region, each with its flag, name and the currency paid out there. */
export function CountrySelect({
  id,
  countries,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string
  countries: readonly InternationalCountry[]
  value: string | null
  onChange: (countryCode: string) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const t = useInternationalMessages()
  const nameOf = useCountryName()
  const messageId = `${id}-message`
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{t('country')}</Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={disabled ?? false}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={t('countryPlaceholder')} />
        </SelectTrigger>
        <SelectContent>
          {countries.map((country) => (
            <SelectItem key={country.code} value={country.code}>
              <Flag country={country.code} className="mr-2" />
              {t('countryOption', { country: nameOf(country), currency: country.currency })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={messageId}>{error}</FieldError>
    </div>
  )
}
