import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import {
  consumeEmailToken,
  countRecentTokens,
  issueEmailToken,
} from '#server/credentials/email-tokens.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { MailSender } from '#server/providers/message-senders.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { EMAIL_VERIFICATION_TTL_HOURS } from '#shared/schemas/auth.ts'
import { sendEmailLink } from './send-email-link.ts'

/** At most this many verification e-mails per account per hour. */
export const VERIFICATIONS_PER_ACCOUNT_PER_HOUR = 5

/**
 * Sends a verification link to the user's address (at sign-up, and again on demand): opening it
 * proves the address is theirs (docs/account.md "E-mail verification").
 */
export async function sendEmailVerification(
  db: Queryable,
  mail: MailSender | undefined,
  publicUrl: string,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt'>,
  nowMs = Date.now(),
): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', msg('eMailAddressAlready'))
  // An account made with a phone number only has no address to verify.
  if (!user.email) throw new AppError('CONFLICT', msg('accountHasNoEmail'))
  if (!mail) throw new AppError('NOT_AVAILABLE', msg('eMailNotAvailable'))
  const recent = await countRecentTokens(db, user.id, 'verify_email', nowMs - 60 * 60_000)
  if (recent >= VERIFICATIONS_PER_ACCOUNT_PER_HOUR) {
    throw new AppError('RATE_LIMITED', msg('tooManyRequestsHour'))
  }
  const token = await issueEmailToken(
    db,
    {
      userId: user.id,
      email: user.email,
      purpose: 'verify_email',
      ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
    },
    nowMs,
  )
  await sendEmailLink(db, mail, {
    userId: user.id,
    to: user.email,
    template: 'verify_email',
    link: `${publicUrl}/verify-email?token=${token}`,
    key: `verify:${randomUUID()}`,
  })
}

/**
 * Spends a verification link. The account's address counts as verified only if it is still the
 * address the link went to.
 */
export async function verifyEmail(tx: Queryable, token: string): Promise<void> {
  const spent = await consumeEmailToken(tx, token, 'verify_email')
  if (!spent) {
    throw new AppError('VALIDATION_FAILED', msg('linkInvalidHasExpired'), [
      { path: 'token', message: msg('linkInvalidHasExpired') },
    ])
  }
  const [user] = await tx.select().from(users).where(eq(users.id, spent.userId))
  if (!user || user.email?.toLowerCase() !== spent.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', msg('linkInvalidHasExpired'), [
      { path: 'token', message: msg('linkInvalidHasExpired') },
    ])
  }
  await tx
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
}
