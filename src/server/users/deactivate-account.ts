import { and, eq, gt, inArray } from 'drizzle-orm'
import { isLoginBlocked, recordLoginFailure, signInKeyOf } from '#server/auth/login-throttle.ts'
import { verifyPassword } from '#server/auth/passwords.ts'
import { deleteOtherSessions } from '#server/auth/sessions.ts'
import type { Database } from '#server/db/client.ts'
import { ledgerAccounts, paymentRequests, payouts, users } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { UserRow } from './find-user.ts'

/**
 * Deactivate account (issue "Account"): the password again, and no money left in any wallet
 * or holding, since a deactivated account can no longer move it. The user's ledger stays
 * exactly as it is; their sessions end, their open payment requests are cancelled, and they
 * cannot sign in again.
 */
export async function deactivateAccount(
  db: Database,
  user: UserRow,
  password: string,
  ipAddress: string,
): Promise<void> {
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts. Please try again in 15 minutes.')
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('VALIDATION_FAILED', 'Password is incorrect', [
      { path: 'password', message: 'Password is incorrect' },
    ])
  }
  await db.transaction(async (tx) => {
    // Locking the accounts keeps money from arriving between the check and the deactivation.
    const funded = await tx
      .select({ asset: ledgerAccounts.asset, balanceMinor: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.id), gt(ledgerAccounts.balanceMinor, 0n)))
      .for('update')
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
      .where(and(eq(payouts.userId, user.id), inArray(payouts.status, ['pending', 'submitted'])))
      .limit(1)
    if (inFlight) {
      throw new AppError(
        'CONFLICT',
        'A payment of yours is still on its way. Try again once it has completed or failed.',
      )
    }
    const now = new Date()
    await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, user.id))
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(paymentRequests.requesterId, user.id), eq(paymentRequests.status, 'open')))
    await deleteOtherSessions(tx, user.id, null)
  })
}
