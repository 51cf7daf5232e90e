import type { AssetCode } from '#shared/money.ts'

/** The fiat currencies Sabi holds wallets in, with display data (docs/data-model.md "Currency"). */
export const SEED_CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$', flagEmoji: '🇺🇸' },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', flagEmoji: '🇳🇬' },
  { code: 'ZAR', name: 'South African Rand', symbol: 'R', flagEmoji: '🇿🇦' },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', flagEmoji: '🇰🇪' },
  { code: 'GHS', name: 'Ghanaian Cedi', symbol: 'GH₵', flagEmoji: '🇬🇭' },
  { code: 'EUR', name: 'Euro', symbol: '€', flagEmoji: '🇪🇺' },
  { code: 'GBP', name: 'British Pound', symbol: '£', flagEmoji: '🇬🇧' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', flagEmoji: '🇨🇦' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', flagEmoji: '🇦🇺' },
  // Payout currencies of the international transfer regions (docs/transfers.md "Regions and fees").
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', flagEmoji: '🇮🇳' },
  { code: 'CNY', name: 'Chinese Yuan', symbol: 'CN¥', flagEmoji: '🇨🇳' },
  { code: 'AED', name: 'UAE Dirham', symbol: 'Dh', flagEmoji: '🇦🇪' },
  { code: 'SAR', name: 'Saudi Riyal', symbol: 'SR', flagEmoji: '🇸🇦' },
  { code: 'JMD', name: 'Jamaican Dollar', symbol: 'J$', flagEmoji: '🇯🇲' },
  { code: 'TTD', name: 'Trinidad and Tobago Dollar', symbol: 'TT$', flagEmoji: '🇹🇹' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', flagEmoji: '🇲🇽' },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', flagEmoji: '🇧🇷' },
] as const satisfies ReadonlyArray<{
  code: AssetCode
  name: string
  symbol: string
  flagEmoji: string
}>

export type FiatCode = (typeof SEED_CURRENCIES)[number]['code']

/**
 * Reference mid-market rates as units of each currency per US dollar, to 6 decimals. Every
 * seeded pair is derived from these, so a pair and its reverse always agree.
 */
export const UNITS_PER_USD: Readonly<Record<FiatCode, string>> = {
  USD: '1.000000',
  NGN: '1530.000000',
  ZAR: '18.200000',
  KES: '129.500000',
  GHS: '12.300000',
  EUR: '0.920000',
  GBP: '0.790000',
  CAD: '1.380000',
  AUD: '1.530000',
  INR: '85.500000',
  CNY: '7.250000',
  // The dirham and the riyal are pegged to the dollar at these rates.
  AED: '3.672500',
  SAR: '3.750000',
  JMD: '156.500000',
  TTD: '6.780000',
  MXN: '18.500000',
  BRL: '5.600000',
}

/** The seeded crypto prices in USD with a sample 24h change (docs/exchange-and-crypto.md). */
export const SEED_CRYPTOCURRENCIES = [
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', priceUsd: '45000.00000000', changePercent: '2.45' },
  { code: 'ETH', name: 'Ethereum', symbol: 'Ξ', priceUsd: '3200.00000000', changePercent: '-1.20' },
  { code: 'USDT', name: 'Tether', symbol: '₮', priceUsd: '1.00000000', changePercent: '0.01' },
  { code: 'BNB', name: 'BNB', symbol: 'BNB', priceUsd: '280.00000000', changePercent: '0.85' },
] as const satisfies ReadonlyArray<{
  code: AssetCode
  name: string
  symbol: string
  priceUsd: string
  changePercent: string
}>

const RATE_SCALE = 1_000_000n

function toMicro(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.')
  return BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(6, '0').slice(0, 6))
}

function fromMicro(micro: bigint): string {
  return `${micro / RATE_SCALE}.${(micro % RATE_SCALE).toString().padStart(6, '0')}`
}

/**
 * The cross rate from one currency to another through the dollar, rounded half-up to the
 * 6 decimals of a rate (docs/money.md "Rates").
 */
export function crossRate(from: FiatCode, to: FiatCode): string {
  const numerator = toMicro(UNITS_PER_USD[to]) * RATE_SCALE
  const denominator = toMicro(UNITS_PER_USD[from])
  return fromMicro((numerator * 2n + denominator) / (2n * denominator))
}
