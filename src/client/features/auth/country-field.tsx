import { useEffect, useState } from 'react'
import { Label } from '#client/components/ui/label.tsx'
import { cn } from '#client/lib/cn.ts'
import {
  countryOfLanguageTag,
  HOME_COUNTRIES,
  type HomeCountry,
  homeCurrencyOf,
  isHomeCountry,
} from '#shared/countries.ts'
import { phoneCountryOf, toE164 } from '#shared/phone-numbers.ts'
import { useAuthMessages } from './messages.ts'

/** "Elsewhere": the browser's own region when it is another country, else no country. */
const ELSEWHERE = 'elsewhere'
type Choice = HomeCountry | typeof ELSEWHERE

/** The region of the browser's first language that names one (`en-NG` → NG). */
function browserCountry(): string | undefined {
  const tags = typeof navigator === 'undefined' ? [] : [...navigator.languages, navigator.language]
  for (const tag of tags) {
    const country = tag ? countryOfLanguageTag(tag) : undefined
    if (country) return country
  }
  return undefined
}

function choiceOf(country: string | undefined): Choice {
  return isHomeCountry(country) ? country : ELSEWHERE
}

/** What the form sends for a choice: the country, the browser's other country, or none. */
export function countryToSend(choice: Choice): string {
  if (choice !== ELSEWHERE) return choice
  const own = browserCountry()
  return own && !isHomeCountry(own) ? own : ''
}

/**
 * Sign-up's country (docs/account.md "Country and currency"): Nigeria, South Africa, Kenya or
 * elsewhere, defaulted from the typed phone number, else the browser's region, until the person
 * chooses. It says which currency their main wallet will be in.
 */
export function CountryField({
  id,
  phoneNumber,
  onChange,
  error,
}: {
  id: string
  /** The phone number as typed so far, to default the country from. */
  phoneNumber: string
  /** Hands the country to send (an ISO code, or '' for none) whenever it changes. */
  onChange: (country: string) => void
  error?: string | undefined
}) {
  const t = useAuthMessages()
  const [chosen, setChosen] = useState<Choice | null>(null)
  const e164 = phoneNumber.trim() === '' ? undefined : toE164(phoneNumber)
  const fromPhone = e164 ? phoneCountryOf(e164) : undefined
  const choice = chosen ?? choiceOf(fromPhone ?? browserCountry())
  const sent = countryToSend(choice)
  useEffect(() => onChange(sent), [sent, onChange])
  const currency = homeCurrencyOf(sent)
  const messageId = `${id}-message`
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('country')}</Label>
      <select
        id={id}
        value={choice}
        aria-describedby={messageId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const value = event.target.value
          setChosen(isHomeCountry(value) ? value : ELSEWHERE)
        }}
        className={cn(
          'flex h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base sm:text-sm',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          'aria-[invalid=true]:border-destructive',
        )}
      >
        {HOME_COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {t(`country${country}`)}
          </option>
        ))}
        <option value={ELSEWHERE}>{t('countryElsewhere')}</option>
      </select>
      <p
        id={messageId}
        className={cn('text-xs', error ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {error ?? t('countryHint', { currency })}
      </p>
    </div>
  )
}
