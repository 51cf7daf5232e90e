import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { AppError } from '#shared/errors.ts'
import type { PasswordResetConfirm } from '#shared/schemas/auth.ts'
import { consumeEmailToken, revokeEmailTokens } from './email-tokens.ts'
import { clearLoginFailures } from './login-throttle.ts'
import { hashPassword } from './passwords.ts'
import { deleteOtherSessions } from './sessions.ts'

/**
 * Sets a new password from a reset link, in one transaction (`tx`): the token is spent (it works
 * once, for 30 minutes), every session of the account ends (a thief's too), the address counts
 * as verified since the link reached it, and the user is told by every channel
 * (docs/account.md "Password reset").
 */
export async function resetPassword(tx: Queryable, input: PasswordResetConfirm): Promise<void> {
  const spent = await consumeEmailToken(tx, input.token, 'password_reset')
  if (!spent) {
    throw new AppError('VALIDATION_FAILED', 'This link is invalid or has expired', [
      { path: 'token', message: 'This link is invalid or has expired' },
    ])
  }
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
    throw new AppError('VALIDATION_FAILED', 'This link is invalid or has expired', [
      { path: 'token', message: 'This link is invalid or has expired' },
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
  await recordEvent(tx, { userId: user.id, data: { kind: 'password_changed' } })
}
