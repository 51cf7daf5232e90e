import { and, desc, eq, isNull } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { revokeEmailTokens } from '#server/credentials/email-tokens.ts'
import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { phoneVerifications, users } from '#server/db/schema.ts'
import { startCoolingOff } from '#server/limits/cooling-off.ts'
import { findUserById, type UserRow } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import { AppError, msg } from '#shared/errors.ts'
import { PHONE_CODE_ATTEMPTS_MAX, type PhoneVerificationConfirm } from '#shared/schemas/phone.ts'
import { isPhoneHeldByAnother } from './find-phone-owner.ts'
import { type PhoneCodeKey, phoneCodeMatches } from './phone-codes.ts'
import { PHONE_TAKEN_MESSAGE } from './send-phone-verification.ts'

const EXPIRED_MESSAGE = msg('codeHasExpiredAsk')
const USED_UP_MESSAGE = msg('tooManyWrongCodesAsk')

/**
 * Checks the code texted to a number and, when it is right, makes the number the user's
 * verified one (docs/phone-numbers.md "Verification"). The try is counted before the code is
 * compared, under a lock on the code's row, so parallel guesses cannot get past five; run it in
 * `commitWithRefusals` so a wrong try stays counted. A number another account verified in the
 * meantime is refused; the unique index on verified numbers decides a race.
 */
export async function confirmPhoneVerification(
  tx: Queryable,
  codeKey: PhoneCodeKey,
  userId: string,
  input: PhoneVerificationConfirm,
  nowMs = Date.now(),
): Promise<UserRow> {
  const before = await findUserById(tx, userId)
  if (!before) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  refuseIfFrozen(before)
  const [row] = await tx
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.phoneNumber, input.phoneNumber),
        isNull(phoneVerifications.verifiedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1)
    .for('update')
  if (!row || row.expiresAt.getTime() <= nowMs) {
    throw new AppError('PHONE_CODE_EXPIRED', EXPIRED_MESSAGE)
  }
  if (row.attempts >= PHONE_CODE_ATTEMPTS_MAX) {
    throw new AppError('PHONE_CODE_EXPIRED', USED_UP_MESSAGE)
  }
  const attempts = row.attempts + 1
  await tx.update(phoneVerifications).set({ attempts }).where(eq(phoneVerifications.id, row.id))
  const right = phoneCodeMatches(codeKey, row.codeHash, {
    verificationId: row.id,
    phoneNumber: row.phoneNumber,
    code: input.code,
  })
  if (!right) {
    const attemptsLeft = PHONE_CODE_ATTEMPTS_MAX - attempts
    if (attemptsLeft === 0) throw new AppError('PHONE_CODE_EXPIRED', USED_UP_MESSAGE)
    throw new AppError('PHONE_CODE_INVALID', msg('codeNotRightStop'), undefined, {
      attemptsLeft,
    })
  }
  if (await isPhoneHeldByAnother(tx, input.phoneNumber, userId, { includePhoneOnly: false })) {
    throw new AppError('PHONE_TAKEN', PHONE_TAKEN_MESSAGE)
  }
  const now = new Date(nowMs)
  await tx
    .update(phoneVerifications)
    .set({ verifiedAt: now })
    .where(eq(phoneVerifications.id, row.id))
  try {
    // In a savepoint: a unique violation must not abort the transaction that keeps the try.
    const user = await tx.transaction(async (savepoint) => {
      const [updated] = await savepoint
        .update(users)
        .set({
          phoneNumber: input.phoneNumber,
          phoneVerified: true,
          phoneVerifiedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning()
      return updated
    })
    if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    // A number added or changed, not the one typed at sign-up proved at last, is a credential
    // change (docs/security.md): the owner hears of it on the contacts they had, reset links
    // out to the old number die, and outgoing money cools off for a day.
    if (before.phoneVerified || before.phoneNumber !== input.phoneNumber) {
      await alertOwner(tx, before, { kind: 'phone_changed' })
      await revokeEmailTokens(tx, userId, 'password_reset', nowMs)
      await startCoolingOff(tx, userId, now)
    }
    return user
  } catch (error) {
    if (
      isUniqueViolation(error, 'users_phone_verified_key') ||
      isUniqueViolation(error, 'users_phone_only_key')
    ) {
      throw new AppError('PHONE_TAKEN', PHONE_TAKEN_MESSAGE)
    }
    throw error
  }
}
