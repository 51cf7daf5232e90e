import { randomUUID } from 'node:crypto'
import type { Queryable } from '#server/db/client.ts'
import type { MailSender } from '#server/providers/message-senders.ts'
import { findUserByEmail } from '#server/users/find-user.ts'
import { PASSWORD_RESET_TTL_MINUTES } from '#shared/schemas/auth.ts'
import { countRecentTokens, issueEmailToken } from './email-tokens.ts'
import { sendEmailLink } from './send-email-link.ts'

/** At most this many reset e-mails per account per 15 minutes, so nobody can flood an inbox. */
export const RESETS_PER_ACCOUNT_PER_15_MINUTES = 3

/**
 * Sends a password reset link to the address if it belongs to an active account, and does
 * nothing otherwise. The route answers 202 before this runs, whatever the address, so neither
 * the answer nor its timing says whether an account exists (docs/account.md "Password reset").
 */
export async function requestPasswordReset(
  db: Queryable,
  mail: MailSender | undefined,
  publicUrl: string,
  email: string,
  nowMs = Date.now(),
): Promise<void> {
  const user = await findUserByEmail(db, email)
  if (!user || user.deactivatedAt || !mail) return
  const recent = await countRecentTokens(db, user.id, 'password_reset', nowMs - 15 * 60_000)
  if (recent >= RESETS_PER_ACCOUNT_PER_15_MINUTES) return
  const token = await issueEmailToken(
    db,
    {
      userId: user.id,
      email: user.email,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
    },
    nowMs,
  )
  await sendEmailLink(db, mail, {
    userId: user.id,
    to: user.email,
    template: 'password_reset',
    link: `${publicUrl}/reset-password?token=${token}`,
    key: `reset:${randomUUID()}`,
  })
}
