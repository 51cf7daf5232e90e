import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { type Language, useLanguage } from '#client/i18n/language.ts'
import type { InternationalCountry } from '#shared/schemas/international.ts'
import { flagOf } from './destination-params.ts'
import { useInternationalMessages } from './messages.ts'

const displayNames = new Map<Language, Intl.DisplayNames | null>()

function regionNames(language: Language): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(language, new Intl.DisplayNames([language, 'en'], { type: 'region' }))
    } catch {
      displayNames.set(language, null)
    }
  }
  return displayNames.get(language) ?? null
}

/** A country's name in the user's language, from the browser's own list, else in English. */
export function useCountryName(): (country: InternationalCountry) => string {
  const language = useLanguage()
  const names = regionNames(language)
  return (country) => names?.of(country.code) ?? country.name
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
              <span aria-hidden="true" className="mr-2">
                {flagOf(country.code)}
              </span>
              {t('countryOption', { country: nameOf(country), currency: country.currency })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={messageId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
