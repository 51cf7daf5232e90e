import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { deleteOtherSessions } from '#server/credentials/sessions.ts'
import { type Database, type Queryable, queryRows } from '#server/db/client.ts'
import { ledgerAccounts, paymentRequests, payouts, users } from '#server/db/schema.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'

/**
 * Deactivate account (issue "Account"): no money left in any wallet or holding, since a
 * deactivated account can no longer move it; the route has asked for the password (step-up,
 * docs/security.md). The user's ledger stays exactly as it is; their sessions end, their open
 * payment requests are cancelled, and they cannot sign in again.
 *
 * Money on its way in must not land in a wallet nobody can open again (issue 32). So the
 * account is marked deactivated first, which from its commit on refuses every new payment to
 * it; then all its ledger accounts are locked, which waits for any payment that picked it as
 * recipient before and is still posting, and read again: if money arrived meanwhile, the
 * deactivation is undone and refused like one with money left.
 *
 * A payment into a wallet the recipient does not have yet makes that wallet inside its own
 * transaction, where the lock cannot see it. So before reading again, deactivation also waits
 * for every transaction that was already open when the mark committed (each one that could
 * have seen the account as active). Payments last milliseconds; if one is still open after
 * OLDER_TRANSACTIONS_WAIT_MS, the deactivation is refused and can be tried again.
 */
export async function deactivateAccount(db: Database, user: UserRow): Promise<void> {
  const now = new Date()
  await db.transaction(async (tx) => {
    await refuseIfHolding(tx, user.id)
    await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, user.id))
  })
  // Requests first, as a payer locks the request before the requester's wallet: the same order,
  // so the two wait for each other instead of deadlocking. A refusal takes the cancellations
  // back with it, and then the mark.
  const refusal = await waitForOlderTransactions(db)
    .then(() =>
      db.transaction(async (tx) => {
        await tx
          .update(paymentRequests)
          .set({ status: 'cancelled', updatedAt: now })
          .where(and(eq(paymentRequests.requesterId, user.id), eq(paymentRequests.status, 'open')))
        await refuseIfHolding(tx, user.id)
        await deleteOtherSessions(tx, user.id, null)
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => error,
    )
  if (refusal !== undefined) {
    await db
      .update(users)
      .set({ deactivatedAt: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    throw refusal
  }
}

const OLDER_TRANSACTIONS_WAIT_MS = 3_000
const OLDER_TRANSACTIONS_POLL_MS = 20

/**
 * Waits until no other transaction on this database began before now, or refuses once the wait
 * is up. Read from pg_stat_activity, so it sees the transactions of every instance (and of
 * nobody else on embedded PGlite, which has one connection). Each read is a statement of its
 * own, outside any transaction: inside one, PostgreSQL would answer the same snapshot each time.
 */
async function waitForOlderTransactions(db: Database): Promise<void> {
  const [marker] = await queryRows(db, sql`select clock_timestamp()::text as at`)
  const at = String(marker?.at)
  const deadline = Date.now() + OLDER_TRANSACTIONS_WAIT_MS
  while (Date.now() < deadline) {
    const [older] = await queryRows(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and xact_start < ${at}::timestamptz`,
    )
    if (Number(older?.n ?? 0) === 0) return
    await sleep(OLDER_TRANSACTIONS_POLL_MS)
  }
  throw new AppError('CONFLICT', msg('paymentStillItsWay'))
}

/** Refuses while any of the user's accounts holds money or a payout is on its way, locking all. */
async function refuseIfHolding(tx: Queryable, userId: string): Promise<void> {
  // Every account is locked, empty ones too: an empty wallet is where a payment in flight lands.
  const accounts = await tx
    .select({ asset: ledgerAccounts.asset, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(ledgerAccounts.id)
    .for('update')
  const funded = accounts.filter((account) => account.balanceMinor > 0n)
  if (funded.length > 0) {
    const left = funded
      .map(
        ({ asset, balanceMinor }) =>
          `${formatMinor(balanceMinor, isAssetCode(asset) ? exponentOf(asset) : 2)} ${asset}`,
      )
      .join(', ')
    throw new AppError('CONFLICT', msg('walletsStillHoldBalances', { balances: left }))
  }
  const [inFlight] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['pending', 'submitted'])))
    .limit(1)
  if (inFlight) {
    throw new AppError('CONFLICT', msg('paymentYoursStillIts'))
  }
}
