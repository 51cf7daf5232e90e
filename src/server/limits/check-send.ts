import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { kycDailyUsage, kycTierLimits, users } from '#server/db/schema.ts'
import { AppError, englishMessage, msg } from '#shared/errors.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { formatMinor, isAssetCode, parseAmountOrThrow } from '#shared/money.ts'
import type { LimitCheck, LimitCheckQuery } from '#shared/schemas/limits.ts'
import { dailyLimitMessage, singleLimitMessage } from './enforce-limits.ts'
import { loadNairaValuer } from './naira-value.ts'

/**
 * Whether the signed-in user could send this amount now under their single and daily limits
 * (docs/limits.md), so the review step can warn before the PIN. Only the sender's own limits:
 * a recipient's cap is theirs to keep private. The posting checks again; this only informs.
 */
export async function checkSend(
  db: Queryable,
  userId: string,
  query: LimitCheckQuery,
  now: Date = new Date(),
): Promise<LimitCheck> {
  const code = query.currency.toUpperCase()
  if (!isAssetCode(code)) {
    throw new AppError('VALIDATION_FAILED', msg('unknownCurrency'), [
      { path: 'currency', message: msg('unknownCurrency') },
    ])
  }
  const amount = parseAmountOrThrow(query.amount, code)
  const [row] = await db
    .select({
      singleMaxMinor: kycTierLimits.singleMaxMinor,
      dailyMaxMinor: kycTierLimits.dailyMaxMinor,
      sentMinor: kycDailyUsage.sentMinor,
    })
    .from(users)
    .innerJoin(kycTierLimits, eq(kycTierLimits.tier, users.kycTier))
    .leftJoin(
      kycDailyUsage,
      and(eq(kycDailyUsage.userId, users.id), eq(kycDailyUsage.day, lagosDay(now))),
    )
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  const valuer = await loadNairaValuer(db, [code])
  const value = valuer(code, amount.amountMinor)
  const used = row.sentMinor ?? 0n
  const dailyRemaining = row.dailyMaxMinor > used ? row.dailyMaxMinor - used : 0n
  const remaining = dailyRemaining < row.singleMaxMinor ? dailyRemaining : row.singleMaxMinor
  const base = { value: formatMinor(value, 2), remaining: formatMinor(remaining, 2) }
  if (value > row.singleMaxMinor)
    return {
      ...base,
      allowed: false,
      limit: 'single',
      message: englishMessage(singleLimitMessage(row)),
      code: 'SINGLE_MAX',
      params: { amount: formatMinor(row.singleMaxMinor, 2) },
    }
  if (value > dailyRemaining)
    return {
      ...base,
      allowed: false,
      limit: 'daily',
      message: englishMessage(dailyLimitMessage(row, dailyRemaining)),
      ...(dailyRemaining > 0n
        ? { code: 'DAILY_REMAINING', params: { amount: formatMinor(dailyRemaining, 2) } }
        : { code: 'DAILY_REACHED', params: { amount: formatMinor(row.dailyMaxMinor, 2) } }),
    }
  return { ...base, allowed: true, limit: null, message: null, code: null, params: null }
}
