import { z } from 'zod'
import { type AssetCode, type Money, percentageOf } from '../money.ts'
import { amountInputSchema, DESCRIPTION_MAX_LENGTH } from './money-requests.ts'
import { decimalStringSchema } from './reference.ts'

/** The three ways money is paid out abroad (docs/transfers.md "International transfers"). */
export const INTERNATIONAL_METHODS = ['bank_wire', 'cash_pickup', 'mobile_wallet'] as const
export type InternationalMethod = (typeof INTERNATIONAL_METHODS)[number]

/** How long each method takes to arrive, as a code the client words in its language. */
export const DELIVERY_ESTIMATES = {
  bank_wire: 'one_to_three_business_days',
  cash_pickup: 'within_hours',
  mobile_wallet: 'within_minutes',
} as const satisfies Record<InternationalMethod, string>
export type DeliveryEstimate = (typeof DELIVERY_ESTIMATES)[InternationalMethod]

/** The same estimates in English, for the payout's record and the API's readers. */
export const DELIVERY_ESTIMATE_TEXT: Readonly<Record<DeliveryEstimate, string>> = {
  one_to_three_business_days: '1-3 business days',
  within_hours: 'Within hours',
  within_minutes: 'Within minutes',
}

export type InternationalCountry = {
  readonly code: string
  readonly name: string
  /** The currency the partner pays out in; a Sabi currency, so the exchange feature prices it. */
  readonly currency: AssetCode
}

export type InternationalRegion = {
  readonly id: string
  readonly name: string
  /**
   * The region's fee range, in basis points (1.5% is 150); docs/transfers.md "Regions and fees".
   */
  readonly feeRangeBasisPoints: { readonly min: bigint; readonly max: bigint }
  readonly countries: readonly InternationalCountry[]
}

/**
 * The six destination regions with their fee ranges, and the countries Sabi's partners pay out
 * in with each country's currency (docs/transfers.md "Regions and fees"). Client and server
 * both read this list.
 */
export const INTERNATIONAL_REGIONS = [
  {
    id: 'north-america',
    name: 'North America',
    feeRangeBasisPoints: { min: 150n, max: 250n },
    countries: [
      { code: 'US', name: 'United States', currency: 'USD' },
      { code: 'CA', name: 'Canada', currency: 'CAD' },
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    feeRangeBasisPoints: { min: 150n, max: 200n },
    countries: [
      { code: 'GB', name: 'United Kingdom', currency: 'GBP' },
      { code: 'IE', name: 'Ireland', currency: 'EUR' },
      { code: 'DE', name: 'Germany', currency: 'EUR' },
      { code: 'FR', name: 'France', currency: 'EUR' },
      { code: 'IT', name: 'Italy', currency: 'EUR' },
      { code: 'ES', name: 'Spain', currency: 'EUR' },
      { code: 'NL', name: 'Netherlands', currency: 'EUR' },
    ],
  },
  {
    id: 'asia-pacific',
    name: 'Asia Pacific',
    feeRangeBasisPoints: { min: 200n, max: 300n },
    countries: [
      { code: 'AU', name: 'Australia', currency: 'AUD' },
      { code: 'IN', name: 'India', currency: 'INR' },
      { code: 'CN', name: 'China', currency: 'CNY' },
    ],
  },
  {
    id: 'middle-east',
    name: 'Middle East',
    feeRangeBasisPoints: { min: 250n, max: 350n },
    countries: [
      { code: 'AE', name: 'United Arab Emirates', currency: 'AED' },
      { code: 'SA', name: 'Saudi Arabia', currency: 'SAR' },
    ],
  },
  {
    id: 'caribbean',
    name: 'Caribbean',
    feeRangeBasisPoints: { min: 300n, max: 400n },
    countries: [
      { code: 'JM', name: 'Jamaica', currency: 'JMD' },
      { code: 'TT', name: 'Trinidad and Tobago', currency: 'TTD' },
    ],
  },
  {
    id: 'latin-america',
    name: 'Latin America',
    feeRangeBasisPoints: { min: 250n, max: 350n },
    countries: [
      { code: 'MX', name: 'Mexico', currency: 'MXN' },
      { code: 'BR', name: 'Brazil', currency: 'BRL' },
    ],
  },
] as const satisfies readonly InternationalRegion[]

/** The regions' ids in the documented order, as /international-transfer?region={id} takes them. */
export const REGION_IDS = [
  'north-america',
  'europe',
  'asia-pacific',
  'middle-east',
  'caribbean',
  'latin-america',
] as const satisfies readonly (typeof INTERNATIONAL_REGIONS)[number]['id'][]
export type RegionId = (typeof REGION_IDS)[number]

export function findRegion(id: string): InternationalRegion | undefined {
  return INTERNATIONAL_REGIONS.find((region) => region.id === id)
}

export function findCountry(
  region: InternationalRegion,
  countryCode: string,
): InternationalCountry | undefined {
  return region.countries.find((country) => country.code === countryCode)
}

/**
 * The fee of a method within its region's range (issue "Money out"): a bank wire costs the low
 * end, a cash pickup the middle, a mobile wallet the high end, as the method cards' "lowest,
 * medium, higher fees" say (docs/transfers.md "Regions and fees"). The middle is rounded half-up to
 * a whole basis point.
 */
export function feeBasisPointsFor(
  region: InternationalRegion,
  method: InternationalMethod,
): bigint {
  const { min, max } = region.feeRangeBasisPoints
  if (method === 'bank_wire') return min
  if (method === 'mobile_wallet') return max
  return (min + max + 1n) / 2n
}

/** The fee charged on top of `amount`, in the sending wallet's currency, rounded half-up. */
export function internationalFeeOf<A extends AssetCode>(
  amount: Money<A>,
  region: InternationalRegion,
  method: InternationalMethod,
): Money<A> {
  return percentageOf(amount, feeBasisPointsFor(region, method))
}

/** Basis points as a percent with two decimals: 175n is "1.75". */
export function basisPointsToPercent(basisPoints: bigint): string {
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`
}

/**
 * A quote is honoured for 10 minutes, where an exchange's is honoured for 30 seconds: the
 * sender still has to type the recipient's details and review them, and a quote that lapses
 * while they do would make them start again. The house carries the market's moves for that
 * long; the fees (1.5% at least) cover far more than the sandbox market's bounded walk (about
 * 0.08% a minute) or a real one usually moves in 10 minutes.
 */
export const INTERNATIONAL_QUOTE_TTL_MS = 10 * 60 * 1000

export const FULL_NAME_MAX_LENGTH = 100
export const BANK_NAME_MAX_LENGTH = 100
export const WALLET_PROVIDER_MAX_LENGTH = 50

const regionSchema = z.enum(REGION_IDS, { error: 'selectDestinationRegion' })
const methodSchema = z.enum(INTERNATIONAL_METHODS, {
  error: 'chooseBankWireCash',
})

/** POST /api/international/quote: price a transfer abroad and lock that price. */
export const internationalQuoteRequestSchema = z.object({
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  region: regionSchema,
  countryCode: z.string({ error: 'selectCountry' }).regex(/^[A-Z]{2}$/, 'selectCountry'),
  method: methodSchema,
  amount: amountInputSchema,
})
export type InternationalQuoteRequest = z.infer<typeof internationalQuoteRequestSchema>

export const internationalQuoteSchema = z.object({
  id: z.string(),
  fromWalletId: z.string(),
  region: z.string(),
  countryCode: z.string(),
  method: z.enum(INTERNATIONAL_METHODS),
  amount: decimalStringSchema,
  sendCurrency: z.string(),
  /** Units of the receive currency one unit of the send currency buys, 6 decimals. */
  rate: decimalStringSchema,
  fee: decimalStringSchema,
  /** The fee as a percent of the amount, two decimals ("1.75"). */
  feePercent: decimalStringSchema,
  totalDebit: decimalStringSchema,
  receiveAmount: decimalStringSchema,
  receiveCurrency: z.string(),
  deliveryEstimate: z.enum([
    DELIVERY_ESTIMATES.bank_wire,
    DELIVERY_ESTIMATES.cash_pickup,
    DELIVERY_ESTIMATES.mobile_wallet,
  ]),
  expiresAt: z.string(),
})
export type InternationalQuote = z.infer<typeof internationalQuoteSchema>

// Recipient details: what the partner abroad needs to pay out by each method. Spaces, dashes
// and brackets people type in numbers are allowed here and taken out by the server.
const fullNameSchema = z
  .string({ error: 'recipientSFullName' })
  .trim()
  .min(2, 'recipientSFullName')
  .max(FULL_NAME_MAX_LENGTH, 'fullNameMostMax')

export const PHONE_DIGITS_MIN = 7
export const PHONE_DIGITS_MAX = 15

/** Digits of a phone number as typed, with an optional leading + (E.164 has 7 to 15 digits). */
export function phoneDigitsOf(text: string): string {
  return text.replace(/[\s()-]/g, '')
}

function phoneSchema(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(24, 'enterValidPhoneNumberCountryCode')
    .regex(/^\+?[\d\s()-]+$/, 'enterValidPhoneNumberCountryCode')
    .refine((text) => {
      const digits = phoneDigitsOf(text).replace(/^\+/, '')
      return digits.length >= PHONE_DIGITS_MIN && digits.length <= PHONE_DIGITS_MAX
    }, 'enterValidPhoneNumberCountryCode')
}

export const ACCOUNT_OR_IBAN_MIN_LENGTH = 5
/** An IBAN has at most 34 characters. */
export const ACCOUNT_OR_IBAN_MAX_LENGTH = 34

/** An account number or IBAN as the bank writes it: letters and digits, spaces allowed. */
export function accountCharactersOf(text: string): string {
  return text.replace(/\s/g, '').toUpperCase()
}

const bankWireRecipientSchema = z.object({
  method: z.literal('bank_wire'),
  fullName: fullNameSchema,
  bankName: z
    .string({ error: 'bankNameRequired' })
    .trim()
    .min(2, 'bankNameRequired')
    .max(BANK_NAME_MAX_LENGTH, 'bankNameMostMax'),
  accountNumber: z
    .string({ error: 'accountNumberIbanRequired' })
    .trim()
    .min(1, 'accountNumberIbanRequired')
    .max(42, 'accountNumberIbanMost')
    .regex(/^[A-Za-z0-9 ]+$/, 'accountNumberIbanMay')
    .refine((text) => {
      const characters = accountCharactersOf(text)
      return (
        characters.length >= ACCOUNT_OR_IBAN_MIN_LENGTH &&
        characters.length <= ACCOUNT_OR_IBAN_MAX_LENGTH
      )
    }, 'accountNumberIban5'),
  swiftCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?)?$/, 'swiftBic811')
    .nullish(),
})

const cashPickupRecipientSchema = z.object({
  method: z.literal('cash_pickup'),
  fullName: fullNameSchema,
  phoneNumber: phoneSchema('recipientSPhoneNumber'),
})

const mobileWalletRecipientSchema = z.object({
  method: z.literal('mobile_wallet'),
  fullName: fullNameSchema,
  phoneNumber: phoneSchema('mobileNumberRequired'),
  walletProvider: z
    .string({ error: 'walletProviderRequired' })
    .trim()
    .min(2, 'walletProviderRequired')
    .max(WALLET_PROVIDER_MAX_LENGTH, 'walletProviderMostMax'),
})

/** Who gets the money abroad, by method: the partner's requirements for each. */
export const internationalRecipientSchema = z.discriminatedUnion(
  'method',
  [bankWireRecipientSchema, cashPickupRecipientSchema, mobileWalletRecipientSchema],
  { error: 'chooseBankWireCash' },
)
export type InternationalRecipient = z.infer<typeof internationalRecipientSchema>

/** POST /api/send-money/international: send at a locked quote (Idempotency-Key required). */
export const internationalTransferRequestSchema = z.object({
  quoteId: z.uuid({ error: 'quoteNotFoundGet' }),
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  recipient: internationalRecipientSchema,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, 'descriptionMostMaxCharacters')
    .nullish(),
})
export type InternationalTransferRequest = z.infer<typeof internationalTransferRequestSchema>

/** GET /api/international/regions: the same list as INTERNATIONAL_REGIONS, for API readers. */
export const internationalRegionSchema = z.object({
  id: z.string(),
  name: z.string(),
  feeRangePercent: z.object({ min: decimalStringSchema, max: decimalStringSchema }),
  feePercentByMethod: z.object({
    bank_wire: decimalStringSchema,
    cash_pickup: decimalStringSchema,
    mobile_wallet: decimalStringSchema,
  }),
  deliveryEstimateByMethod: z.object({
    bank_wire: z.string(),
    cash_pickup: z.string(),
    mobile_wallet: z.string(),
  }),
  countries: z.array(z.object({ code: z.string(), name: z.string(), currency: z.string() })),
})
export type InternationalRegionInfo = z.infer<typeof internationalRegionSchema>
