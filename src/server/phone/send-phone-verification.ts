import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { phoneVerifications, users } from '#server/db/schema.ts'
import { renderTemplate } from '#server/notifications/render-message.ts'
import type { SmsSender } from '#server/providers/message-senders.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_HOUR,
  type PhoneVerificationSent,
} from '#shared/schemas/phone.ts'
import { isPhoneHeldByAnother } from './find-phone-owner.ts'
import { hashPhoneCode, newPhoneCode, type PhoneCodeKey } from './phone-codes.ts'

export const PHONE_TAKEN_MESSAGE = msg('phoneNumberAlreadyVerifiedAnother')
const HOUR_MS = 60 * 60_000

/**
 * Texts a 6-digit code that proves `phoneNumber` (E.164) is the user's (docs/phone-numbers.md
 * "Verification"). The code is kept only as an HMAC and works for 10 minutes and 5 tries; an
 * earlier open code of the user's stops working. A number verified by another account is
 * refused without saying whose it is. Resends are limited per account and per number, counted
 * under a lock on the user's row so two requests at once cannot both slip under a limit. The
 * SMS leaves after the row commits; the code itself never reaches a log.
 */
export async function sendPhoneVerification(
  db: Database,
  deps: { sms: SmsSender | undefined; codeKey: PhoneCodeKey },
  userId: string,
  phoneNumber: string,
  nowMs = Date.now(),
  options: { reuseRecent?: boolean } = {},
): Promise<PhoneVerificationSent> {
  const { sms, codeKey } = deps
  if (!sms) throw new AppError('PROVIDER_UNAVAILABLE', msg('smsNotAvailableRight'))
  const code = newPhoneCode()
  const verificationId = randomUUID()
  const expiresAt = new Date(nowMs + PHONE_CODE_TTL_MINUTES * 60_000)
  const now = new Date(nowMs)
  const reused = await db.transaction(async (tx): Promise<PhoneVerificationSent | null> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    if (user.phoneVerified && user.phoneNumber === phoneNumber) {
      throw new AppError('CONFLICT', msg('phoneNumberAlreadyVerified'))
    }
    if (await isPhoneHeldByAnother(tx, phoneNumber, userId, { includePhoneOnly: false })) {
      throw new AppError('PHONE_TAKEN', PHONE_TAKEN_MESSAGE, [
        { path: 'phoneNumber', message: PHONE_TAKEN_MESSAGE },
      ])
    }
    const [latest] = await tx
      .select({
        phoneNumber: phoneVerifications.phoneNumber,
        createdAt: phoneVerifications.createdAt,
        expiresAt: phoneVerifications.expiresAt,
        verifiedAt: phoneVerifications.verifiedAt,
      })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1)
    if (
      latest &&
      latest.phoneNumber === phoneNumber &&
      latest.createdAt.getTime() > nowMs - PHONE_CODE_RESEND_SECONDS * 1000
    ) {
      // A screen that has shown no code yet (the profile's Verify opened right after sign-up
      // texted one) takes the code just sent, which works: no second SMS and no refusal
      // (issue 31). Asking again for a new code within the minute is still refused.
      if (options.reuseRecent && latest.verifiedAt === null && latest.expiresAt.getTime() > nowMs) {
        return {
          phoneNumber,
          expiresAt: latest.expiresAt.toISOString(),
          resendAt: new Date(
            latest.createdAt.getTime() + PHONE_CODE_RESEND_SECONDS * 1000,
          ).toISOString(),
          sent: false,
        }
      }
      throw new AppError('RATE_LIMITED', msg('waitMinuteBeforeAsking'))
    }
    const since = new Date(nowMs - HOUR_MS)
    const [counts] = await tx
      .select({
        byUser: sql<number>`count(*) filter (where ${phoneVerifications.userId} = ${userId})::int`,
        byNumber: sql<number>`count(*) filter (where ${phoneVerifications.phoneNumber} = ${phoneNumber})::int`,
      })
      .from(phoneVerifications)
      .where(
        and(
          gt(phoneVerifications.createdAt, since),
          sql`(${phoneVerifications.userId} = ${userId} or ${phoneVerifications.phoneNumber} = ${phoneNumber})`,
        ),
      )
    if (
      (counts?.byUser ?? 0) >= PHONE_CODES_PER_HOUR ||
      (counts?.byNumber ?? 0) >= PHONE_CODES_PER_HOUR
    ) {
      throw new AppError('RATE_LIMITED', msg('tooManyCodesAsked'))
    }
    // Only the newest code works: an older one, maybe read over a shoulder, stops here.
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: now })
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          isNull(phoneVerifications.verifiedAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      )
    await tx.insert(phoneVerifications).values({
      id: verificationId,
      userId,
      phoneNumber,
      codeHash: hashPhoneCode(codeKey, { verificationId, phoneNumber, code }),
      expiresAt,
      createdAt: now,
    })
    return null
  })
  if (reused) return reused
  const { language } = await readSettings(db, userId)
  const message = renderTemplate('phone_code', language, {
    code,
    minutes: String(PHONE_CODE_TTL_MINUTES),
  })
  try {
    await sms.send({
      key: `phone-code:${verificationId}`,
      to: phoneNumber,
      subject: message.title,
      text: message.text,
    })
  } catch {
    // The gateway refused or did not answer: a code nobody received neither works nor counts
    // against the user's resends, and the answer says SMS is unavailable, as without a sender.
    await db.delete(phoneVerifications).where(eq(phoneVerifications.id, verificationId))
    throw new AppError('PROVIDER_UNAVAILABLE', msg('smsNotAvailableRight'))
  }
  return {
    phoneNumber,
    expiresAt: expiresAt.toISOString(),
    resendAt: new Date(nowMs + PHONE_CODE_RESEND_SECONDS * 1000).toISOString(),
    sent: true,
  }
}
