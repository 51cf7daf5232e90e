import { eq } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { revokeEmailTokens } from '#server/credentials/email-tokens.ts'
import {
  isLoginBlocked,
  recordLoginFailure,
  signInKeyOf,
} from '#server/credentials/login-throttle.ts'
import { hashPassword, verifyPassword } from '#server/credentials/passwords.ts'
import { deleteOtherSessions } from '#server/credentials/sessions.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import { AppError, msg } from '#shared/errors.ts'

/**
 * Changes the password of a signed-in user who knows the current one. Every other session
 * is signed out (a thief's included); this one stays. A wrong current password counts as a
 * failed sign-in, so this cannot be used to guess it. The user is told by every channel
 * (a security alert, docs/notifications.md): pass a transaction so the alert commits with it.
 */
export async function changePassword(
  db: Queryable,
  user: UserRow,
  currentSid: string | null,
  input: { currentPassword: string; newPassword: string },
  ipAddress: string,
): Promise<void> {
  refuseIfFrozen(user)
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyFailedAttempts'))
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('VALIDATION_FAILED', msg('currentPasswordIncorrect'), [
      { path: 'currentPassword', message: msg('currentPasswordIncorrect') },
    ])
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError('VALIDATION_FAILED', msg('choosePasswordHaveNot'), [
      { path: 'newPassword', message: msg('choosePasswordHaveNot') },
    ])
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id))
  await deleteOtherSessions(db, user.id, currentSid)
  // A reset link still out would undo the change: it ends with it (issue 32).
  await revokeEmailTokens(db, user.id, 'password_reset')
  await alertOwner(db, user, { kind: 'password_changed' })
}
