import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { recordTransactionEvent } from '#server/ledger/journal-status.ts'
import { payoutsHeldForReview, providerAlerts } from '#server/metrics/metrics.ts'
import type { PayoutProvider, PayoutResult } from '#server/providers/payout-provider.ts'
import { runEvery } from '#server/run-every.ts'
import { submittedMessageOf } from './payout-kinds.ts'
import { settlePayout } from './settle-payout.ts'

/** Payouts sent, and payouts asked after, per pass: a pass is short and the next comes soon. */
const SUBMIT_BATCH = 10
const CHECK_BATCH = 50
/** A payout whose provider could not take it this many times is left for a person to review. */
export const MAX_SUBMIT_ATTEMPTS = 8
/** A submitted payout is asked after at most this many times... */
export const MAX_STATUS_CHECKS = 200
/** ...or for at most this long after it was made, before a person reviews it. */
export const MAX_PAYOUT_AGE_MS = 3 * 24 * 60 * 60 * 1000
/** The first question follows the submission by this much; the sandbox settles in seconds. */
const FIRST_CHECK_DELAY_MS = 1_000
const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 15 * 60 * 1000
/** While one instance asks a provider, the others leave the payout alone this long. */
const CHECK_LEASE_MS = 60_000
/** While one instance sends a payout, the others leave it alone this long (a provider's timeout is 20 s). */
const SUBMIT_LEASE_MS = 60_000

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The wait before the next try: growing by half each time up to 15 minutes, each wait drawn
 * between 75% and 125% of that ("jitter"), so payouts that failed together are not all retried
 * at the same instant against a provider that is struggling.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 1.5 ** Math.max(0, attempt))
  return Math.round(base * (0.75 + random() / 2))
}

export type WorkerLog = { error(object: object, message: string): void }

/** A provider's answer a person must look at: logged with the payout and counted. */
function raiseAlert(log: WorkerLog, payout: { id: string; provider: string }, alert: string) {
  providerAlerts.inc({ provider: payout.provider, reason: 'payout' })
  log.error({ payoutId: payout.id, provider: payout.provider, alert }, 'payout needs an operator')
}

const SILENT: WorkerLog = { error: () => undefined }

export type WorkerOptions = {
  log?: WorkerLog
  random?: () => number
  maxStatusChecks?: number
  maxAgeMs?: number
}

/** Leaves a payout for a person: its money stays in flight until someone settles it. */
async function holdForReview(db: Database, payoutId: string, reason: string, now: Date) {
  await db
    .update(payouts)
    .set({ status: 'needs_review', failureReason: reason.slice(0, 200), updatedAt: now })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['pending', 'submitted'])))
}

/**
 * Sends due pending payouts to their provider, one claim per payout with FOR UPDATE SKIP
 * LOCKED, so several server instances share the work without sending any twice. A provider
 * that fails (or is not configured) is tried again after a growing, jittered wait; after
 * MAX_SUBMIT_ATTEMPTS the payout is held for review rather than reversed, because a provider
 * that timed out may have taken it.
 */
async function submitDuePayouts(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  nowMs: number,
  options: Required<Pick<WorkerOptions, 'log' | 'random'>>,
): Promise<{ submitted: number; held: number; settled: number }> {
  const now = new Date(nowMs)
  let submitted = 0
  let held = 0
  let settled = 0
  for (let round = 0; round < SUBMIT_BATCH; round++) {
    let known: { payoutId: string; provider: string; result: PayoutResult } | undefined
    // Claimed in a short transaction: the attempt is counted and the payout leased, so no other
    // instance sends it while this one waits for the provider, and no lock is held meanwhile
    // (a provider may use the database itself, and PGlite has one connection). A stop after
    // the provider took it only makes a later pass try again: the provider is told which try
    // it is, and asks itself before sending again (docs/paystack.md "Payouts").
    const claimed = await db.transaction(async (tx) => {
      const [payout] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.status, 'pending'), lte(payouts.nextAttemptAt, now)))
        .orderBy(asc(payouts.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!payout) return undefined
      const attempts = payout.attempts + 1
      await tx
        .update(payouts)
        .set({ attempts, nextAttemptAt: new Date(nowMs + SUBMIT_LEASE_MS), updatedAt: now })
        .where(eq(payouts.id, payout.id))
      return { ...payout, attempts }
    })
    const outcome = await (async () => {
      if (!claimed) return 'none' as const
      const payout = claimed
      const { attempts } = payout
      try {
        const provider = providers.get(payout.provider)
        if (!provider) throw new Error(`no provider named ${payout.provider} is configured`)
        const { providerReference, result } = await provider.submit({
          payoutId: payout.id,
          kind: payout.kind,
          asset: payout.asset,
          amountMinor: payout.amountMinor,
          details: isRecord(payout.details) ? payout.details : {},
          attempt: attempts,
        })
        if (result) known = { payoutId: payout.id, provider: payout.provider, result }
        return await db.transaction(async (tx) => {
          // Only a payout still pending becomes submitted: a webhook may have settled it
          // while the provider was answering.
          const marked = await tx
            .update(payouts)
            .set({
              status: 'submitted',
              providerReference,
              submittedAt: now,
              nextAttemptAt: new Date(nowMs + (provider.firstCheckAfterMs ?? FIRST_CHECK_DELAY_MS)),
              updatedAt: now,
            })
            .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
            .returning({ id: payouts.id })
          if (marked.length > 0)
            await recordTransactionEvent(
              tx,
              payout.journalId,
              'submitted',
              submittedMessageOf(payout.kind),
            )
          return 'submitted' as const
        })
      } catch (error) {
        options.log.error(
          { err: error, payoutId: payout.id, provider: payout.provider, attempts },
          'payout could not be sent',
        )
        const giveUp = attempts >= MAX_SUBMIT_ATTEMPTS
        await db
          .update(payouts)
          .set({
            nextAttemptAt: new Date(nowMs + backoffMs(attempts, options.random)),
            updatedAt: now,
            ...(giveUp
              ? {
                  status: 'needs_review',
                  failureReason: `the payment provider could not take it after ${attempts} attempts`,
                }
              : {}),
          })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
        return giveUp ? ('held' as const) : ('retry' as const)
      }
    })()
    if (outcome === 'none') break
    if (outcome === 'submitted') submitted += 1
    if (outcome === 'held') {
      payoutsHeldForReview.inc()
      held += 1
    }
    // The provider's answer already said how it ended (or that a person must look): applied
    // once the submission is recorded, as a later webhook or check would apply it.
    if (outcome === 'submitted' && known) {
      const { payoutId, provider, result } = known
      if (result.status !== 'pending') {
        if (await settlePayout(db, payoutId, result)) settled += 1
      } else if (result.alert) {
        raiseAlert(options.log, { id: payoutId, provider }, result.alert)
      }
    }
  }
  return { submitted, held, settled }
}

/**
 * Asks providers how due submitted payouts ended. The due ones are leased first in one short
 * transaction (their next check moved a minute on), so another instance does not ask too, and
 * no row lock is held while a provider answers. A final answer settles the payout exactly once
 * (settlePayout); an open one is asked again after a growing, jittered wait, until the checks
 * or the payout's age run out and it is held for review.
 */
async function checkDuePayouts(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  nowMs: number,
  options: Required<WorkerOptions>,
): Promise<{ settled: number; held: number }> {
  const now = new Date(nowMs)
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'submitted'), lte(payouts.nextAttemptAt, now)))
      .orderBy(asc(payouts.nextAttemptAt))
      .limit(CHECK_BATCH)
      .for('update', { skipLocked: true })
    if (rows.length > 0) {
      await tx
        .update(payouts)
        .set({
          nextAttemptAt: new Date(nowMs + CHECK_LEASE_MS),
          statusChecks: sql`${payouts.statusChecks} + 1`,
        })
        .where(
          inArray(
            payouts.id,
            rows.map((row) => row.id),
          ),
        )
    }
    return rows
  })

  let settled = 0
  let held = 0
  for (const payout of due) {
    const checks = payout.statusChecks + 1
    const provider = providers.get(payout.provider)
    let result: PayoutResult = { status: 'pending' }
    try {
      if (!provider) throw new Error(`no provider named ${payout.provider} is configured`)
      if (!payout.providerReference || !payout.submittedAt)
        throw new Error('a submitted payout has no provider reference')
      result = await provider.status(payout.providerReference, payout.submittedAt, nowMs)
    } catch (error) {
      options.log.error(
        { err: error, payoutId: payout.id, provider: payout.provider, checks },
        'payout status could not be read',
      )
    }
    if (result.status !== 'pending') {
      if (await settlePayout(db, payout.id, result)) settled += 1
      continue
    }
    if (result.alert) raiseAlert(options.log, payout, result.alert)
    const tooOld = nowMs - payout.createdAt.getTime() >= options.maxAgeMs
    if (checks >= options.maxStatusChecks || tooOld) {
      const reason = tooOld
        ? 'the payment provider has not confirmed it in time'
        : `the payment provider has not confirmed it after ${checks} checks`
      options.log.error({ payoutId: payout.id, provider: payout.provider, checks }, reason)
      await holdForReview(db, payout.id, reason, now)
      payoutsHeldForReview.inc()
      held += 1
      continue
    }
    await db
      .update(payouts)
      .set({ nextAttemptAt: new Date(nowMs + backoffMs(checks, options.random)), updatedAt: now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'submitted')))
  }
  return { settled, held }
}

/**
 * One pass of the payout worker: sends due pending payouts and asks after due submitted ones,
 * each picked by its next-check time, so a few stuck payouts never starve the rest. Every
 * error is logged with the payout's id. Everything it needs is in the database: after a
 * restart the next pass simply carries on.
 */
export async function runPayoutWorker(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  nowMs = Date.now(),
  options: WorkerOptions = {},
): Promise<{ submitted: number; settled: number; heldForReview: number }> {
  const resolved: Required<WorkerOptions> = {
    log: options.log ?? SILENT,
    random: options.random ?? Math.random,
    maxStatusChecks: options.maxStatusChecks ?? MAX_STATUS_CHECKS,
    maxAgeMs: options.maxAgeMs ?? MAX_PAYOUT_AGE_MS,
  }
  const sent = await submitDuePayouts(db, providers, nowMs, resolved)
  const checked = await checkDuePayouts(db, providers, nowMs, resolved)
  return {
    submitted: sent.submitted,
    settled: sent.settled + checked.settled,
    heldForReview: sent.held + checked.held,
  }
}

/**
 * Runs the worker now (picking up whatever a previous process left) and every interval after.
 * `stop` ends the timer and waits for a pass already running, so the database is not closed
 * under it at shutdown.
 */
export function startPayoutWorker(
  db: Database,
  providers: ReadonlyMap<string, PayoutProvider>,
  intervalMs: number,
  log: WorkerLog,
): { stop(): Promise<void> } {
  return runEvery(
    () => runPayoutWorker(db, providers, Date.now(), { log }),
    intervalMs,
    (error) => log.error({ err: error }, 'payout worker pass failed'),
  )
}
