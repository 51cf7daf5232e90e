import { and, asc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { kycDailyUsage, kycDocuments, kycTierLimits, users } from '#server/db/schema.ts'
import { readCoolingOff } from '#server/limits/cooling-off.ts'
import { AppError, msg } from '#shared/errors.ts'
import { lagosDay, nextLagosMidnight } from '#shared/lagos-time.ts'
import { formatMinor } from '#shared/money.ts'
import type { Limits } from '#shared/schemas/limits.ts'
import { heldInNaira } from './held-in-naira.ts'

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
  if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  const tiers = await db.select().from(kycTierLimits).orderBy(asc(kycTierLimits.tier))
  const own = tiers.find((each) => each.tier === user.tier)
  if (!own) throw new Error(`no limits configured for tier ${user.tier}`)
  const [usage] = await db
    .select({ sentMinor: kycDailyUsage.sentMinor })
    .from(kycDailyUsage)
    .where(and(eq(kycDailyUsage.userId, userId), eq(kycDailyUsage.day, lagosDay(now))))
  const { totalMinor: balance } = await heldInNaira(db, userId)
  const used = usage?.sentMinor ?? 0n
  const coolingOff = await readCoolingOff(db, userId, now)
  const [review] = await db
    .select({ documentType: kycDocuments.documentType, submittedAt: kycDocuments.createdAt })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.status, 'in_review')))
    .limit(1)
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
    coolingOff: coolingOff
      ? { until: coolingOff.until.toISOString(), remaining: naira(coolingOff.remainingKobo) }
      : null,
    documentReview: review
      ? { documentType: review.documentType, submittedAt: review.submittedAt.toISOString() }
      : null,
    tiers: tiers.map((each) => ({
      tier: each.tier,
      singleMax: naira(each.singleMaxMinor),
      dailyMax: naira(each.dailyMaxMinor),
      balanceMax: each.balanceMaxMinor === null ? null : naira(each.balanceMaxMinor),
    })),
  }
}
