import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { topUps, wallets } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { setJournalStatus } from '#server/ledger/journal-status.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { moneyFieldsOf } from '#server/outbox/money-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { TIMELINE_STEPS } from '#server/transactions/timeline-steps.ts'
import { AppError } from '#shared/errors.ts'
import { isAssetCode } from '#shared/money.ts'

/** Held top-ups looked at per pass; the next pass takes the rest. */
const HELD_BATCH = 50

/**
 * Credits held top-ups whose users now have room (docs/funding.md "Over the limit"): each is
 * tried with the same limits as any credit, the longest untried first; one that still does not
 * fit stays held and goes to the back, so a few that never fit cannot keep the rest from their
 * turn. The money moves from the suspense account to the wallet, and the held entry in the
 * user's history becomes completed. Returns how many were credited.
 */
export async function releaseHeldTopUps(
  db: Database,
  now = new Date(),
  batch = HELD_BATCH,
): Promise<number> {
  const held = await db
    .select({ id: topUps.id })
    .from(topUps)
    .where(eq(topUps.status, 'held'))
    .orderBy(asc(topUps.updatedAt))
    .limit(batch)
  let released = 0
  for (const { id } of held) {
    const done = await db.transaction(async (tx) => {
      const [topUp] = await tx.select().from(topUps).where(eq(topUps.id, id)).for('update')
      if (topUp?.status !== 'held' || !topUp.journalId) return false
      const { asset } = topUp
      if (!isAssetCode(asset)) throw new Error(`top-up ${topUp.id} has unknown asset ${asset}`)
      const [wallet] = await tx
        .select({ accountId: wallets.accountId })
        .from(wallets)
        .where(eq(wallets.id, topUp.walletId))
      if (!wallet) return false
      try {
        await postJournal(
          tx,
          {
            type: 'settlement',
            status: 'completed',
            asset,
            amountMinor: topUp.amountMinor,
            description: `Top-up ${topUp.id} credited after it was held`,
          },
          [
            {
              accountId: await systemAccountId(tx, 'funding_suspense', asset),
              asset,
              amountMinor: -topUp.amountMinor,
            },
            { accountId: wallet.accountId, asset, amountMinor: topUp.amountMinor },
          ],
        )
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // Still over the limit: it waits for a later pass, behind the others, or its refund.
        // The refusal wrote nothing, so the transaction carries on to record the try.
        await tx.update(topUps).set({ updatedAt: now }).where(eq(topUps.id, topUp.id))
        return false
      }
      await tx
        .update(topUps)
        .set({ status: 'credited', refundAfter: null, updatedAt: now })
        .where(eq(topUps.id, topUp.id))
      await setJournalStatus(tx, topUp.journalId, 'completed', TIMELINE_STEPS.creditedAfterHold)
      await recordEvent(tx, {
        userId: topUp.userId,
        data: {
          kind: 'money_received',
          ...(await moneyFieldsOf(tx, topUp.amountMinor, asset)),
          fromName: topUp.senderName ?? topUp.senderBank ?? 'Bank transfer',
          transactionId: topUp.journalId,
        },
      })
      return true
    })
    if (done) released += 1
  }
  return released
}

/**
 * Returns held top-ups whose time is up to their senders (docs/funding.md "Over the limit"):
 * the money leaves the suspense account the way it came, the held entry becomes failed with
 * "Returned to the sender", and the provider is asked to refund last, inside the same
 * transaction, so a refused refund changes nothing and is tried again by the next pass.
 */
export async function refundExpiredTopUps(
  db: Database,
  funding: FundingProvider | undefined,
  now = new Date(),
): Promise<number> {
  if (funding?.topUps !== 'checkout') return 0
  const due = await db
    .select({ id: topUps.id })
    .from(topUps)
    .where(
      and(
        eq(topUps.status, 'held'),
        eq(topUps.provider, funding.name),
        lte(topUps.refundAfter, now),
      ),
    )
    .orderBy(asc(topUps.refundAfter))
    .limit(HELD_BATCH)
  let refunded = 0
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [topUp] = await tx.select().from(topUps).where(eq(topUps.id, id)).for('update')
      if (topUp?.status !== 'held' || !topUp.journalId) return false
      const { asset } = topUp
      if (!isAssetCode(asset)) throw new Error(`top-up ${topUp.id} has unknown asset ${asset}`)
      await postJournal(
        tx,
        {
          type: 'settlement',
          status: 'completed',
          asset,
          amountMinor: topUp.amountMinor,
          description: `Top-up ${topUp.id} returned to its sender`,
        },
        [
          {
            accountId: await systemAccountId(tx, 'funding_suspense', asset),
            asset,
            amountMinor: -topUp.amountMinor,
          },
          {
            accountId: await systemAccountId(tx, 'external_funding', asset),
            asset,
            amountMinor: topUp.amountMinor,
          },
        ],
      )
      await tx
        .update(topUps)
        .set({ status: 'refunded', updatedAt: now })
        .where(eq(topUps.id, topUp.id))
      await setJournalStatus(tx, topUp.journalId, 'failed', TIMELINE_STEPS.refunded)
      await funding.refund({ reference: topUp.reference, amountMinor: topUp.amountMinor })
      return true
    })
    if (done) refunded += 1
  }
  return refunded
}
