import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import {
  consumeEmailToken,
  peekEmailToken,
  revokeEmailTokens,
} from '#server/credentials/email-tokens.ts'
import {
  clearLoginFailures,
  isLoginBlocked,
  recordLoginFailure,
  signInKeyOf,
} from '#server/credentials/login-throttle.ts'
import { hashPassword } from '#server/credentials/passwords.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { checkSecondFactor } from '#server/credentials/second-factor.ts'
import { deleteOtherSessions } from '#server/credentials/sessions.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { startCoolingOff } from '#server/limits/cooling-off.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { PasswordResetConfirm } from '#shared/schemas/auth.ts'

/**
 * Sets a new password from a reset link, in one transaction (`tx`): the token is spent (it works
 * once, for 30 minutes), every session of the account ends (a thief's too), the address counts
 * as verified since the link reached it, and the user is told by every channel
 * (docs/account.md "Password reset").
 */
export async function resetPassword(tx: Queryable, input: PasswordResetConfirm): Promise<void> {
  const spent = await consumeEmailToken(tx, input.token, 'password_reset')
  if (!spent) {
    throw new AppError('VALIDATION_FAILED', msg('linkInvalidHasExpired'), [
      { path: 'token', message: msg('linkInvalidHasExpired') },
    ])
  }
  const before = await findUserById(tx, spent.userId)
  const [user] = await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(
      and(
        eq(users.id, spent.userId),
        isNull(users.deactivatedAt),
        // The link is good only while it still reaches the account: an e-mail or a number
        // changed since it was sent ends it (issue 32).
        or(sql`lower(${users.email}) = lower(${spent.email})`, eq(users.phoneNumber, spent.email)),
      ),
    )
    .returning({ id: users.id, email: users.email })
  if (!user) {
    throw new AppError('VALIDATION_FAILED', msg('linkInvalidHasExpired'), [
      { path: 'token', message: msg('linkInvalidHasExpired') },
    ])
  }
  if (user.email?.toLowerCase() === spent.email.toLowerCase()) {
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
  }
  // The same calls the password change makes, keeping no session and no other link.
  await deleteOtherSessions(tx, user.id, null)
  await revokeEmailTokens(tx, user.id, 'password_reset')
  await clearLoginFailures(tx, spent.email)
  // A reset is how a thief who took the e-mail or the number takes the account: the owner hears
  // of it on every contact the account had, and outgoing money cools off for a day
  // (docs/security.md "Cooling-off").
  if (before) await alertOwner(tx, before, { kind: 'password_changed' })
  await startCoolingOff(tx, user.id)
}

const CODE_ASKED = msg('enterCodeFromAuthenticatorApp')
const WRONG_CODE = msg('codeNotRightCheck')

/**
 * A reset never turns two-factor off, nor walks around it (docs/security.md "Account
 * recovery"): an account with two-factor on resets its password only with a TOTP or backup
 * code as well. Checked before the reset's transaction, without spending the link, so a wrong
 * code is counted as a failed sign-in and the link still works for the right one.
 */
export async function requireResetSecondFactor(
  db: Queryable,
  sealer: Sealer,
  input: PasswordResetConfirm,
  ipAddress: string,
): Promise<void> {
  const token = await peekEmailToken(db, input.token, 'password_reset')
  const user = token ? await findUserById(db, token.userId) : undefined
  if (!user?.twoFactorEnabled) return
  if (!input.code) {
    throw new AppError('REAUTH_REQUIRED', CODE_ASKED, [{ path: 'code', message: CODE_ASKED }], {
      secondFactor: true,
    })
  }
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyFailedAttempts'))
  }
  if (!(await checkSecondFactor(db, sealer, user, input.code))) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('REAUTH_REQUIRED', WRONG_CODE, [{ path: 'code', message: WRONG_CODE }], {
      secondFactor: true,
    })
  }
}
