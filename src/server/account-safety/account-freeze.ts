import { randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { checkAccountPassword } from '#server/account-safety/step-up.ts'
import {
  consumeEmailToken,
  countRecentTokens,
  issueEmailToken,
} from '#server/credentials/email-tokens.ts'
import { recordLoginFailure, signInKeyOf } from '#server/credentials/login-throttle.ts'
import { deleteOtherSessions } from '#server/credentials/sessions.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { emailTokens, users } from '#server/db/schema.ts'
import { renderTemplate } from '#server/notifications/render-message.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import type { MailSender, SmsSender } from '#server/providers/message-senders.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { UNFREEZE_CODE_TTL_MINUTES } from '#shared/account-safety.ts'
import { AppError, msg } from '#shared/errors.ts'
import { alertOwner } from './security-alert.ts'

const LINK_INVALID = msg('linkInvalidHasExpired')
const NOT_FROZEN = msg('accountNotFrozen')
const CODE_WRONG = msg('codeNotRightHas')
const PASSWORD_ASKED = msg('enterPasswordContinue')
/** Codes to unfreeze at most this often per account per 15 minutes. */
const UNFREEZE_CODES_PER_15_MINUTES = 3

/**
 * Freezes the account (docs/security.md "Freezing"): every session ends at once, on every
 * instance (their streams close with them), and until the owner unfreezes it no money leaves
 * and no credential changes; signing in to look, and money arriving, still work. Freezing is
 * always safe, so it asks for nothing more than a way in: a session, an alert's link, or the
 * account's own phone on USSD. Freezing a frozen account only ends its sessions again.
 */
export async function freezeAccount(tx: Queryable, userId: string, now = new Date()) {
  const frozen = await tx
    .update(users)
    .set({ frozenAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.frozenAt)))
    .returning({ id: users.id })
  if (frozen.length > 0) await recordEvent(tx, { userId, data: { kind: 'account_frozen' } })
  await deleteOtherSessions(tx, userId, null)
}

/** "This wasn't me": the link of a security alert freezes the account it was sent for. */
export async function freezeByLink(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await consumeEmailToken(tx, token, 'freeze')
    if (!spent) {
      throw new AppError('VALIDATION_FAILED', LINK_INVALID, [
        { path: 'token', message: LINK_INVALID },
      ])
    }
    await freezeAccount(tx, spent.userId)
  })
}

/** The unfreeze code's token: codes are short, so each is kept under its account. */
function unfreezeToken(userId: string, code: string): string {
  return `${userId}:${code.trim()}`
}

/**
 * Sends the code that, with the password, unfreezes the account: to the e-mail on file, which
 * no session can change, or, for an account without one, to its verified number. Where it went
 * is answered masked.
 */
export async function sendUnfreezeCode(
  db: Database,
  senders: { mail?: MailSender | undefined; sms?: SmsSender | undefined },
  user: UserRow,
  nowMs = Date.now(),
): Promise<{ sentTo: string }> {
  if (!user.frozenAt) throw new AppError('CONFLICT', NOT_FROZEN)
  const byEmail = user.email !== null
  const to = user.email ?? (user.phoneVerified ? user.phoneNumber : null)
  const sender = byEmail ? senders.mail : senders.sms
  if (!to || !sender) {
    throw new AppError('PROVIDER_UNAVAILABLE', msg('weCannotSendCode'))
  }
  const recent = await countRecentTokens(db, user.id, 'unfreeze', nowMs - 15 * 60_000)
  if (recent >= UNFREEZE_CODES_PER_15_MINUTES) {
    throw new AppError('RATE_LIMITED', msg('tooManyCodesTry'))
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction(async (tx) => {
    // One code at a time: a new one replaces the last (and keeps the short codes unique).
    await tx
      .delete(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'unfreeze')))
    await issueEmailToken(
      tx,
      {
        userId: user.id,
        email: to,
        purpose: 'unfreeze',
        ttlMs: UNFREEZE_CODE_TTL_MINUTES * 60_000,
      },
      nowMs,
      unfreezeToken(user.id, code),
    )
  })
  const { language } = await readSettings(db, user.id)
  const message = renderTemplate('unfreeze_code', language, { code })
  await sender.send({
    key: `unfreeze:${user.id}:${nowMs}`,
    to,
    subject: message.title,
    text: message.text,
  })
  return { sentTo: byEmail ? maskEmail(to) : maskPhone(to) }
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@')
  return `${name.slice(0, 1)}•••@${domain}`
}

function maskPhone(phone: string): string {
  return `•••${phone.slice(-4)}`
}

/**
 * Unfreezes the account with the password and the code sent by `sendUnfreezeCode`. Wrong ones
 * count as failed sign-ins. The owner is told on every channel, with a link to freeze it again
 * should it not have been them.
 */
export async function unfreezeAccount(
  db: Database,
  user: UserRow,
  input: { password?: string | undefined; code: string },
  ipAddress: string,
): Promise<void> {
  if (!user.frozenAt) throw new AppError('CONFLICT', NOT_FROZEN)
  if (!input.password) {
    throw new AppError('REAUTH_REQUIRED', PASSWORD_ASKED, [
      { path: 'password', message: PASSWORD_ASKED },
    ])
  }
  await checkAccountPassword(db, user, input.password, ipAddress)
  const unfrozen = await db.transaction(async (tx) => {
    const spent = await consumeEmailToken(tx, unfreezeToken(user.id, input.code), 'unfreeze')
    if (!spent || spent.userId !== user.id) return false
    const now = new Date()
    await tx.update(users).set({ frozenAt: null, updatedAt: now }).where(eq(users.id, user.id))
    await alertOwner(tx, user, { kind: 'account_unfrozen' })
    return true
  })
  if (!unfrozen) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('VALIDATION_FAILED', CODE_WRONG, [{ path: 'code', message: CODE_WRONG }])
  }
}
