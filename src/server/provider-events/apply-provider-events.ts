import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { providerEvents } from '#server/db/schema.ts'
import type { FundingLog } from '#server/funding/credit-top-up.ts'
import { applyPaystackEvent } from './apply-paystack-event.ts'

/** Events applied per pass; the next takes the rest. */
const EVENTS_PER_PASS = 100
/** An event this new is being applied by the request that stored it. */
const LEFT_OVER_AFTER_MS = 30_000

/**
 * Applies one stored event and records what that did. Applying is idempotent (each effect is
 * keyed by its payout or reference), so two servers applying the same event at once, or a pass
 * after a crash, change the books once.
 */
export async function applyStoredEvent(db: Database, id: string, log: FundingLog): Promise<void> {
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, id))
  if (!row || row.appliedAt) return
  await db
    .update(providerEvents)
    .set({ attempts: sql`${providerEvents.attempts} + 1` })
    .where(eq(providerEvents.id, id))
  const outcome =
    row.provider === 'paystack' ? await applyPaystackEvent(db, row.body, log) : 'ignored'
  await db
    .update(providerEvents)
    .set({ appliedAt: new Date(), outcome: outcome.slice(0, 200) })
    .where(eq(providerEvents.id, id))
}

/**
 * Applies events stored but never applied (the server stopped between storing and applying,
 * or applying failed): oldest first, each failure logged and left for the next pass.
 */
export async function applyLeftOverEvents(
  db: Database,
  log: FundingLog,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(
      and(
        isNull(providerEvents.appliedAt),
        lte(providerEvents.receivedAt, new Date(now.getTime() - LEFT_OVER_AFTER_MS)),
      ),
    )
    .orderBy(asc(providerEvents.receivedAt))
    .limit(EVENTS_PER_PASS)
  let applied = 0
  for (const { id } of rows) {
    try {
      await applyStoredEvent(db, id, log)
      applied += 1
    } catch (error) {
      log.error({ err: error, eventId: id }, 'provider event could not be applied')
    }
  }
  return applied
}
