/**
 * The KYC tiers and what each allows (docs/limits.md): the Central Bank's defaults and the
 * reading of their `KYC_TIER_n_LIMITS` settings, which the configuration parses at start.
 */
export const KYC_TIERS = [1, 2, 3] as const
export type KycTier = (typeof KYC_TIERS)[number]

/** What one tier allows, in kobo; a null balance cap means none. */
export type TierLimits = {
  tier: KycTier
  singleMaxMinor: bigint
  dailyMaxMinor: bigint
  balanceMaxMinor: bigint | null
}

const KOBO_PER_NAIRA = 100n

/** The Central Bank's three tiers as docs/limits.md tabulates them. */
export const DEFAULT_TIER_LIMITS: readonly TierLimits[] = [
  {
    tier: 1,
    singleMaxMinor: 50_000n * KOBO_PER_NAIRA,
    dailyMaxMinor: 50_000n * KOBO_PER_NAIRA,
    balanceMaxMinor: 300_000n * KOBO_PER_NAIRA,
  },
  {
    tier: 2,
    singleMaxMinor: 200_000n * KOBO_PER_NAIRA,
    dailyMaxMinor: 200_000n * KOBO_PER_NAIRA,
    balanceMaxMinor: 500_000n * KOBO_PER_NAIRA,
  },
  {
    tier: 3,
    singleMaxMinor: 5_000_000n * KOBO_PER_NAIRA,
    dailyMaxMinor: 5_000_000n * KOBO_PER_NAIRA,
    balanceMaxMinor: null,
  },
]

/** `KYC_TIER_n_LIMITS`: "single,daily,balance" in whole naira, the balance "none" for no cap. */
export const TIER_LIMITS_PATTERN = /^\s*(\d{1,12})\s*,\s*(\d{1,12})\s*,\s*(\d{1,12}|none)\s*$/

/** One tier's limits from its configuration text, or undefined when it does not read. */
export function parseTierLimits(tier: KycTier, text: string): TierLimits | undefined {
  const match = TIER_LIMITS_PATTERN.exec(text)
  if (!match) return undefined
  const [, single = '', daily = '', balance = ''] = match
  const limits: TierLimits = {
    tier,
    singleMaxMinor: BigInt(single) * KOBO_PER_NAIRA,
    dailyMaxMinor: BigInt(daily) * KOBO_PER_NAIRA,
    balanceMaxMinor: balance === 'none' ? null : BigInt(balance) * KOBO_PER_NAIRA,
  }
  const positive =
    limits.singleMaxMinor > 0n &&
    limits.dailyMaxMinor > 0n &&
    (limits.balanceMaxMinor === null || limits.balanceMaxMinor > 0n)
  return positive ? limits : undefined
}
