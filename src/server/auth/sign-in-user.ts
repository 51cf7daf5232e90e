import type { Queryable } from '#server/db/client.ts'
import { findUserByEmail, type UserRow } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import type { SignInRequest } from '#shared/schemas/auth.ts'
import { clearLoginFailures, isLoginBlocked, recordLoginFailure } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'

/**
 * Checks an e-mail and password. Unknown e-mail and wrong password look the same to the
 * caller, and take as long; too many failures for the account or the address are refused
 * before the password is even looked at.
 */
export async function signInUser(
  db: Queryable,
  input: SignInRequest,
  ipAddress: string,
): Promise<UserRow> {
  if (await isLoginBlocked(db, input.email, ipAddress)) {
    throw new AppError(
      'RATE_LIMITED',
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    )
  }
  const user = await findUserByEmail(db, input.email)
  const valid = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !valid) {
    await recordLoginFailure(db, input.email, ipAddress)
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password')
  }
  await clearLoginFailures(db, input.email)
  return user
}
