import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { recordTransactionEvent } from '#server/ledger/journal-status.ts'
import { submittedMessageOf } from './payout-kinds.ts'
import type { PayoutProvider } from './payout-provider.ts'
import { settlePayout } from './settle-payout.ts'

const BATCH = 10
/** A provider that cannot be reached is tried again later, up to this many times. */
const MAX_ATTEMPTS = 8

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * One pass of the payout worker: sends pending payouts to their provider and asks the
 * provider how submitted ones ended, settling or reversing them. Each payout is claimed with
 * FOR UPDATE SKIP LOCKED, so several server instances share the work without doing any twice.
 * Everything it needs is in the database: after a restart the next pass simply carries on.
 */
export async function runPayoutWorker(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  nowMs = Date.now(),
): Promise<{ submitted: number; settled: number }> {
  let submitted = 0
  let settled = 0
  const now = new Date(nowMs)

  for (let round = 0; round < BATCH; round++) {
    const claimed = await db.transaction(async (tx) => {
      const [payout] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.status, 'pending'), lte(payouts.nextAttemptAt, now)))
        .orderBy(asc(payouts.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!payout) return false
      const provider = providers.get(payout.provider)
      try {
        if (!provider) throw new Error(`no provider named ${payout.provider}`)
        // Inside the claim: the provider's submit is idempotent on the payout id, so a crash
        // after it answers and before this commits only makes the next pass ask again.
        const { providerReference } = await provider.submit({
          payoutId: payout.id,
          kind: payout.kind,
          asset: payout.asset,
          amountMinor: payout.amountMinor,
          details: isRecord(payout.details) ? payout.details : {},
        })
        await tx
          .update(payouts)
          .set({
            status: 'submitted',
            providerReference,
            submittedAt: now,
            attempts: payout.attempts + 1,
            updatedAt: now,
          })
          .where(eq(payouts.id, payout.id))
        await recordTransactionEvent(
          tx,
          payout.journalId,
          'submitted',
          submittedMessageOf(payout.kind),
        )
        submitted += 1
      } catch {
        const attempts = payout.attempts + 1
        await tx
          .update(payouts)
          .set({ attempts, nextAttemptAt: new Date(nowMs + 2 ** attempts * 1000), updatedAt: now })
          .where(eq(payouts.id, payout.id))
        if (attempts >= MAX_ATTEMPTS) return { failId: payout.id }
      }
      return true
    })
    if (claimed === false) break
    if (typeof claimed === 'object') {
      await settlePayout(db, claimed.failId, {
        status: 'failed',
        reason: 'the payment provider could not be reached',
      })
    }
  }

  const open = await db
    .select()
    .from(payouts)
    .where(eq(payouts.status, 'submitted'))
    .orderBy(asc(payouts.submittedAt))
    .limit(BATCH * 5)
  for (const payout of open) {
    const provider = providers.get(payout.provider)
    if (!provider || !payout.providerReference || !payout.submittedAt) continue
    const result = await provider
      .status(payout.providerReference, payout.submittedAt, nowMs)
      .catch(() => ({ status: 'pending' as const }))
    if (result.status === 'pending') continue
    if (await settlePayout(db, payout.id, result)) settled += 1
  }
  return { submitted, settled }
}

type Logger = { error(object: object, message: string): void }

/** Runs the worker now (picking up whatever a previous process left) and every interval after. */
export function startPayoutWorker(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  intervalMs: number,
  log: Logger,
): { stop(): void } {
  let running = false
  const pass = async () => {
    if (running) return
    running = true
    try {
      await runPayoutWorker(db, providers)
    } catch (error) {
      log.error({ err: error }, 'payout worker pass failed')
    } finally {
      running = false
    }
  }
  void pass()
  const timer = setInterval(() => void pass(), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
