import {
  findCountry,
  findRegion,
  INTERNATIONAL_METHODS,
  type InternationalMethod,
  type InternationalRegion,
} from '#shared/schemas/international.ts'

/**
 * The destinations the transfer options screen links to as /send-money/international?region=
 * (docs/screens.md "Transfer options"): each is a region, some with a country chosen in it.
 */
const REGION_ALIASES: Readonly<Record<string, { region: string; countryCode?: string }>> = {
  usa: { region: 'north-america', countryCode: 'US' },
  canada: { region: 'north-america', countryCode: 'CA' },
  australia: { region: 'asia-pacific', countryCode: 'AU' },
  europe: { region: 'europe' },
}

export type Destination = {
  region: InternationalRegion | undefined
  countryCode: string | undefined
  method: InternationalMethod | undefined
  recipientId: string | undefined
}

function isMethod(value: string | null): value is InternationalMethod {
  return INTERNATIONAL_METHODS.some((method) => method === value)
}

/**
 * What the address asks for: `region` (an id, or one of the transfer options' aliases),
 * optionally `country`, `method` and a saved `recipient` to fill in. Anything unknown is
 * dropped, never guessed at.
 */
export function readDestination(search: string): Destination {
  const params = new URLSearchParams(search)
  const asked = (params.get('region') ?? '').trim().toLowerCase()
  const alias = REGION_ALIASES[asked]
  const region = findRegion(alias?.region ?? asked)
  const askedCountry = (params.get('country') ?? alias?.countryCode ?? '').toUpperCase()
  const country = region ? findCountry(region, askedCountry) : undefined
  const method = params.get('method')
  const recipientId = params.get('recipient')?.trim()
  return {
    region,
    countryCode: country?.code,
    method: isMethod(method) ? method : undefined,
    recipientId: recipientId || undefined,
  }
}

/**
 * A fee in basis points as docs/transfers.md writes percents: one decimal unless a second is needed
 * (150 is "1.5", 200 is "2.0", 175 is "1.75").
 */
export function formatBasisPoints(basisPoints: bigint): string {
  const whole = basisPoints / 100n
  const hundredths = basisPoints % 100n
  if (hundredths % 10n === 0n) return `${whole}.${hundredths / 10n}`
  return `${whole}.${hundredths.toString().padStart(2, '0')}`
}
