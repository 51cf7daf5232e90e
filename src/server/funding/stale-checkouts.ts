import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { topUps } from '#server/db/schema.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { applyIncomingPayment, type FundingLog } from './credit-top-up.ts'

/** A checkout nobody has come back from in this long is asked after (a lost webhook). */
const ASK_AFTER_MS = 10 * 60 * 1000
/** A checkout still unpaid after this long was abandoned: it fails and moves nothing. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
const CHECKOUTS_PER_PASS = 50

/**
 * Asks the provider about card checkouts left pending (docs/funding.md "Card top-ups"): a paid
 * one whose webhook was lost is credited, and one unpaid for a day is marked failed, so no
 * top-up stays pending for ever. Returns how many changed.
 */
export async function settleStaleCheckouts(
  db: Database,
  funding: FundingProvider | undefined,
  log: FundingLog,
  now = new Date(),
): Promise<number> {
  if (funding?.topUps !== 'checkout') return 0
  const stale = await db
    .select()
    .from(topUps)
    .where(
      and(
        eq(topUps.status, 'pending'),
        eq(topUps.provider, funding.name),
        eq(topUps.channel, 'card'),
        lte(topUps.updatedAt, new Date(now.getTime() - ASK_AFTER_MS)),
      ),
    )
    .orderBy(asc(topUps.updatedAt))
    .limit(CHECKOUTS_PER_PASS)
  let changed = 0
  for (const topUp of stale) {
    try {
      const payment = await funding.verifyPayment(topUp.reference)
      const outcome = payment
        ? await applyIncomingPayment(db, funding.name, payment, log, now)
        : 'pending'
      if (outcome !== 'pending' && outcome !== 'mismatch') {
        changed += 1
        continue
      }
      const abandoned = now.getTime() - topUp.createdAt.getTime() >= ABANDONED_AFTER_MS
      await db
        .update(topUps)
        .set(
          abandoned && outcome === 'pending'
            ? { status: 'failed', updatedAt: now }
            : { updatedAt: now },
        )
        .where(and(eq(topUps.id, topUp.id), eq(topUps.status, 'pending')))
      if (abandoned && outcome === 'pending') changed += 1
    } catch (error) {
      log.error({ err: error, reference: topUp.reference }, 'checkout could not be asked after')
    }
  }
  return changed
}
