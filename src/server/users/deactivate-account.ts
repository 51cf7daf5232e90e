import { and, eq, inArray } from 'drizzle-orm'
import { deleteOtherSessions } from '#server/auth/sessions.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { ledgerAccounts, paymentRequests, payouts, users } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { UserRow } from './find-user.ts'

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
 */
export async function deactivateAccount(db: Database, user: UserRow): Promise<void> {
  const now = new Date()
  await db.transaction(async (tx) => {
    await refuseIfHolding(tx, user.id)
    await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, user.id))
  })
  const refusal = await db.transaction(async (tx) => {
    try {
      await refuseIfHolding(tx, user.id)
    } catch (error) {
      await tx
        .update(users)
        .set({ deactivatedAt: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
      // The undo commits; the refusal still reaches the user.
      return error
    }
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(paymentRequests.requesterId, user.id), eq(paymentRequests.status, 'open')))
    await deleteOtherSessions(tx, user.id, null)
    return undefined
  })
  if (refusal) throw refusal
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
    throw new AppError(
      'CONFLICT',
      `Your wallets still hold ${left}. Send, exchange or spend it before deactivating.`,
    )
  }
  const [inFlight] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['pending', 'submitted'])))
    .limit(1)
  if (inFlight) {
    throw new AppError(
      'CONFLICT',
      'A payment of yours is still on its way. Try again once it has completed or failed.',
    )
  }
}
