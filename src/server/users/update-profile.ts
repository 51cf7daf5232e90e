import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { users } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'
import type { UpdateProfileRequest } from '#shared/schemas/profile.ts'
import { findUserById, type UserRow } from './find-user.ts'

const USERNAME_TAKEN = 'This username is already taken'
const PHONE_REQUIRED = 'Your account signs in with its phone number, so it cannot be removed'
const PHONE_ACCOUNT_EXISTS = 'An account with this phone number already exists'

/**
 * Edit Profile (issue "Account"): names, username and phone number. The username stays
 * unique whatever its case, as at sign-up; the unique index decides a race. The phone number
 * arrives as E.164 (docs/phone-numbers.md); a changed number is no longer verified, the same
 * number saved again stays as it was, and an account without an e-mail keeps a number, since
 * it signs in with it.
 */
export async function updateProfile(
  db: Queryable,
  userId: string,
  input: UpdateProfileRequest,
): Promise<UserRow> {
  const phoneChange = await phoneChangeOf(db, userId, input.phoneNumber)
  try {
    const [row] = await db
      .update(users)
      .set({
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...phoneChange,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning()
    if (!row) throw new AppError('UNAUTHORIZED', 'Unauthorized')
    return row
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key')) {
      throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN, [
        { path: 'username', message: USERNAME_TAKEN },
      ])
    }
    if (isUniqueViolation(error, 'users_phone_only_key')) {
      throw new AppError('PHONE_TAKEN', PHONE_ACCOUNT_EXISTS, [
        { path: 'phoneNumber', message: PHONE_ACCOUNT_EXISTS },
      ])
    }
    throw error
  }
}

/** The columns a phone number edit sets: none when it is left out or unchanged. */
async function phoneChangeOf(
  db: Queryable,
  userId: string,
  phoneNumber: string | null | undefined,
): Promise<{ phoneNumber?: string | null; phoneVerified?: boolean }> {
  if (phoneNumber === undefined) return {}
  const user = await findUserById(db, userId)
  if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized')
  const next = phoneNumber ?? null
  if (next === user.phoneNumber) return {}
  if (next === null && user.email === null) {
    throw new AppError('VALIDATION_FAILED', PHONE_REQUIRED, [
      { path: 'phoneNumber', message: PHONE_REQUIRED },
    ])
  }
  return { phoneNumber: next, phoneVerified: false }
}
