import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { users } from '#server/db/schema.ts'
import { findUserByEmail, findUserByUsername, type UserRow } from '#server/users/find-user.ts'
import { openDefaultWallets } from '#server/wallets/open-default-wallets.ts'
import { AppError } from '#shared/errors.ts'
import type { SignUpRequest } from '#shared/schemas/auth.ts'
import { hashPassword } from './passwords.ts'

const EMAIL_TAKEN = 'An account with this email already exists'
const USERNAME_TAKEN = 'This username is already taken'

/**
 * Creates an account with its default wallets in one transaction. A used e-mail or username
 * is a typed conflict, also when two sign-ups race for it (the unique indexes decide).
 */
export async function signUpUser(db: Queryable, input: SignUpRequest): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN)
  if (await findUserByUsername(db, input.username))
    throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN)
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
        })
        .returning()
      if (!user) throw new Error('insert into users returned no row')
      await openDefaultWallets(tx, user.id)
      return user
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key'))
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN)
    if (isUniqueViolation(error, 'users_username_lower_key'))
      throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN)
    throw error
  }
}
