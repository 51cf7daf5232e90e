import { cn } from '#client/lib/cn.ts'
import { countryOfFlagEmoji, flagCode } from '#client/lib/flag-country.ts'

/**
 * Where the build puts the flag images (scripts/flag-images.ts). Outside a Vite build (unit
 * tests) the path is the unversioned one, which no test fetches.
 */
const FLAGS_BASE: string = import.meta.env.VITE_FLAGS_BASE ?? '/assets/flags/'

/**
 * A country's flag as an image, sized to the text around it (docs/screens.md "Flags"). It is
 * decoration beside a name or code that says the same, so it has no text of its own; an unknown
 * country draws nothing.
 */
export function Flag({ country, className }: { country: string; className?: string }) {
  const code = flagCode(country)
  if (!code) return null
  return (
    <img
      src={`${FLAGS_BASE}${code}.svg`}
      alt=""
      aria-hidden="true"
      width={21}
      height={14}
      decoding="async"
      className={cn(
        'inline-block h-[0.8em] w-[1.2em] shrink-0 rounded-[2px] object-cover align-[-0.1em] ring-1 ring-black/10',
        className,
      )}
      data-testid="flag"
      data-country={code}
    />
  )
}

/** A currency's flag, from the emoji the API gives (`flagEmoji`); anything else draws nothing. */
export function CurrencyFlag({ flagEmoji, className }: { flagEmoji: string; className?: string }) {
  const country = countryOfFlagEmoji(flagEmoji)
  return country ? <Flag country={country} className={className} /> : null
}
