import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { users } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'
import type { UpdateProfileRequest } from '#shared/schemas/account.ts'
import type { UserRow } from './find-user.ts'

const USERNAME_TAKEN = 'This username is already taken'

/**
 * Edit Profile (issue "Account"): names, username and phone number. The username stays
 * unique whatever its case, as at sign-up; the unique index decides a race. A changed phone
 * number is no longer verified.
 */
export async function updateProfile(
  db: Queryable,
  userId: string,
  input: UpdateProfileRequest,
): Promise<UserRow> {
  const phone = input.phoneNumber === undefined ? undefined : input.phoneNumber || null
  try {
    const [row] = await db
      .update(users)
      .set({
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(phone !== undefined ? { phoneNumber: phone, phoneVerified: false } : {}),
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
    throw error
  }
}
