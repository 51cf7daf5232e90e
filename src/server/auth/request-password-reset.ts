import { randomUUID } from 'node:crypto'
import { countRecentTokens, issueEmailToken } from '#server/credentials/email-tokens.ts'
import type { Queryable } from '#server/db/client.ts'
import { renderTemplate } from '#server/notifications/render-message.ts'
import { findVerifiedPhoneOwner } from '#server/phone/find-phone-owner.ts'
import type { MailSender, SmsSender } from '#server/providers/message-senders.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import { findUserByEmail } from '#server/users/find-user.ts'
import { SMS_RESET_PHONE_AGE_HOURS } from '#shared/account-safety.ts'
import { PASSWORD_RESET_TTL_MINUTES } from '#shared/schemas/auth.ts'
import type { PasswordResetRequest } from '#shared/schemas/credentials.ts'
import { sendEmailLink } from './send-email-link.ts'

/** At most this many reset links per account per 15 minutes, so nobody can flood an inbox. */
export const RESETS_PER_ACCOUNT_PER_15_MINUTES = 3

/**
 * Sends a password reset link to the address, or by SMS to the number, if it signs in to an
 * active account, and does nothing otherwise. The route answers 202 before this runs, whatever
 * was asked, so neither the answer nor its timing says whether an account exists
 * (docs/account.md "Password reset"). A number must be one the account has verified
 * (docs/phone-numbers.md "Password reset by SMS"): a link that resets a password is sent only
 * to a phone that proved it is the account's, never to a number merely typed at sign-up, which
 * may be a stranger's. Like an e-mail link, the SMS goes straight to the sender, never through
 * the outbox, which would keep the token in the clear.
 */
export async function requestPasswordReset(
  db: Queryable,
  senders: { mail?: MailSender | undefined; sms?: SmsSender | undefined },
  publicUrl: string,
  target: PasswordResetRequest,
  nowMs = Date.now(),
): Promise<void> {
  const byPhone = target.phoneNumber !== undefined
  const user = target.phoneNumber
    ? await findVerifiedPhoneOwner(db, target.phoneNumber)
    : target.email
      ? await findUserByEmail(db, target.email)
      : undefined
  const to = byPhone ? user?.phoneNumber : user?.email
  if (!user || !to || user.deactivatedAt) return
  // An address never verified may be a stranger's, or the thief's own typed in with a stolen
  // session: no link that takes the account goes there (issue 32).
  if (!byPhone && !user.emailVerifiedAt) return
  // A number proved only lately may be a thief's, put in with a stolen session: a reset goes by
  // SMS only to a number verified at least 72 hours ago (docs/security.md "Account recovery").
  if (
    byPhone &&
    (!user.phoneVerifiedAt ||
      user.phoneVerifiedAt.getTime() > nowMs - SMS_RESET_PHONE_AGE_HOURS * 3_600_000)
  ) {
    return
  }
  if (byPhone ? !senders.sms : !senders.mail) return
  const recent = await countRecentTokens(db, user.id, 'password_reset', nowMs - 15 * 60_000)
  if (recent >= RESETS_PER_ACCOUNT_PER_15_MINUTES) return
  const token = await issueEmailToken(
    db,
    {
      userId: user.id,
      // The address or the number the link went to: what the token proves the user can read.
      email: to,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
    },
    nowMs,
  )
  const link = `${publicUrl}/reset-password?token=${token}`
  const key = `reset:${randomUUID()}`
  if (byPhone) {
    const { language } = await readSettings(db, user.id)
    const message = renderTemplate('password_reset_sms', language, { link })
    await senders.sms?.send({ key, to, subject: message.title, text: message.text })
    return
  }
  if (senders.mail) {
    await sendEmailLink(db, senders.mail, {
      userId: user.id,
      to,
      template: 'password_reset',
      link,
      key,
    })
  }
}
