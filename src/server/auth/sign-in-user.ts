import type { Queryable } from '#server/db/client.ts'
import type { Sealer } from '#server/secrets/seal.ts'
import { findUserByEmail, type UserRow } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import type { SignInRequest } from '#shared/schemas/auth.ts'
import { clearLoginFailures, isLoginBlocked, recordLoginFailure } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'
import { checkSecondFactor } from './two-factor.ts'

/**
 * Checks an e-mail and password. Unknown e-mail and wrong password look the same to the
 * caller, and take as long; too many failures for the account or the address are refused
 * before the password is even looked at. With two-factor sign-in on, the right password is
 * not enough: a missing code is TOTP_REQUIRED, a wrong one counts as a failure. A deactivated
 * account is told so only after its password is right.
 */
export async function signInUser(
  db: Queryable,
  sealer: Sealer,
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
  if (user.deactivatedAt) {
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account has been deactivated')
  }
  if (user.twoFactorEnabled) {
    if (!input.code) {
      throw new AppError(
        'TOTP_REQUIRED',
        'Enter the 6-digit code from your authenticator app, or a backup code',
      )
    }
    if (!(await checkSecondFactor(db, sealer, user, input.code.replace(/\s/g, '')))) {
      await recordLoginFailure(db, input.email, ipAddress)
      throw new AppError('TOTP_INVALID', 'That code is not right. Check your authenticator app.')
    }
  }
  await clearLoginFailures(db, input.email)
  return user
}
