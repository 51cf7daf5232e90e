import { sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { kycTierLimits } from '#server/db/schema.ts'
import type { TierLimits } from '#shared/kyc-tiers.ts'

/**
 * Writes the configured limits where every posting reads them. Instances sharing a database
 * should share the configuration; the last to start wins (docs/limits.md "Configuration").
 */
export async function applyTierLimits(db: Queryable, limits: readonly TierLimits[]): Promise<void> {
  await db
    .insert(kycTierLimits)
    .values(limits.map((each) => ({ ...each })))
    .onConflictDoUpdate({
      target: kycTierLimits.tier,
      set: {
        singleMaxMinor: sql`excluded.single_max_minor`,
        dailyMaxMinor: sql`excluded.daily_max_minor`,
        balanceMaxMinor: sql`excluded.balance_max_minor`,
      },
    })
}
