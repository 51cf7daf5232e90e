import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { kycDailyUsage, kycTierLimits, ledgerAccounts, users } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'
import { formatMinor, isAssetCode } from '#shared/money.ts'
import type { Limits } from '#shared/schemas/limits.ts'
import { lagosDay, nextLagosMidnight } from './lagos-day.ts'
import { loadNairaValuer } from './naira-value.ts'

const naira = (kobo: bigint) => formatMinor(kobo, 2)

function tierOf(value: number): 1 | 2 | 3 {
  return value >= 3 ? 3 : value === 2 ? 2 : 1
}

/**
 * GET /api/limits (docs/limits.md): the user's tier, what it allows, what they have sent today
 * and hold, all in naira at the market rate of now.
 */
export async function readLimits(
  db: Queryable,
  userId: string,
  now: Date = new Date(),
): Promise<Limits> {
  const [user] = await db
    .select({ tier: users.kycTier })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized')
  const tiers = await db.select().from(kycTierLimits).orderBy(asc(kycTierLimits.tier))
  const own = tiers.find((each) => each.tier === user.tier)
  if (!own) throw new Error(`no limits configured for tier ${user.tier}`)
  const [usage] = await db
    .select({ sentMinor: kycDailyUsage.sentMinor })
    .from(kycDailyUsage)
    .where(and(eq(kycDailyUsage.userId, userId), eq(kycDailyUsage.day, lagosDay(now))))
  const held = await db
    .select({
      asset: ledgerAccounts.asset,
      balanceMinor: sql<string>`sum(${ledgerAccounts.balanceMinor})::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), ne(ledgerAccounts.kind, 'system')))
    .groupBy(ledgerAccounts.asset)
  const amounts = held.flatMap((row) =>
    isAssetCode(row.asset) ? [[row.asset, BigInt(row.balanceMinor)] as const] : [],
  )
  const valuer = await loadNairaValuer(
    db,
    amounts.map(([asset]) => asset),
  )
  const balance = amounts.reduce((sum, [asset, minor]) => sum + valuer(asset, minor), 0n)
  const used = usage?.sentMinor ?? 0n
  return {
    tier: tierOf(user.tier),
    currency: 'NGN',
    singleMax: naira(own.singleMaxMinor),
    dailyMax: naira(own.dailyMaxMinor),
    dailyUsed: naira(used),
    dailyRemaining: naira(own.dailyMaxMinor > used ? own.dailyMaxMinor - used : 0n),
    balanceMax: own.balanceMaxMinor === null ? null : naira(own.balanceMaxMinor),
    balance: naira(balance),
    resetsAt: nextLagosMidnight(now).toISOString(),
    tiers: tiers.map((each) => ({
      tier: each.tier,
      singleMax: naira(each.singleMaxMinor),
      dailyMax: naira(each.dailyMaxMinor),
      balanceMax: each.balanceMaxMinor === null ? null : naira(each.balanceMaxMinor),
    })),
  }
}
