import {
  clearLoginFailures,
  isLoginBlocked,
  recordLoginFailure,
  signInKeyOf,
} from '#server/credentials/login-throttle.ts'
import { verifyPassword } from '#server/credentials/passwords.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { checkSecondFactor } from '#server/credentials/second-factor.ts'
import type { Queryable } from '#server/db/client.ts'
import { findUserBySignInPhone } from '#server/phone/find-phone-owner.ts'
import { findUserByEmail, type UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { SignInRequest } from '#shared/schemas/credentials.ts'

/**
 * Checks an e-mail or a phone number (E.164, already parsed) and a password. Unknown account
 * and wrong password look the same to the caller, and take as long; too many failures for the
 * e-mail or number, or for the address, are refused before the password is even looked at.
 * With two-factor sign-in on, the right password is not enough: a missing code is
 * TOTP_REQUIRED, a wrong one counts as a failure. A deactivated account is told so only after
 * its password is right. A number signs in the account that verified it, else the account made
 * with it and no e-mail (docs/phone-numbers.md "Signing in").
 */
export async function signInUser(
  db: Queryable,
  sealer: Sealer,
  input: SignInRequest,
  ipAddress: string,
): Promise<UserRow> {
  const user = input.email
    ? await findUserByEmail(db, input.email)
    : input.phoneNumber
      ? await findUserBySignInPhone(db, input.phoneNumber)
      : undefined
  // Failures count against the account, whichever of its e-mail or number was typed, so the
  // two together give a guesser no more tries than one (issue 32); an unknown account's against
  // what was typed.
  const key = user ? signInKeyOf(user) : (input.email ?? input.phoneNumber ?? '')
  if (await isLoginBlocked(db, key, ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyFailedSign'))
  }
  const valid = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !valid) {
    await recordLoginFailure(db, key, ipAddress)
    throw new AppError(
      'INVALID_CREDENTIALS',
      input.email ? msg('incorrectEmailPassword') : msg('incorrectPhoneNumberPassword'),
    )
  }
  if (user.deactivatedAt) {
    throw new AppError('ACCOUNT_DEACTIVATED', msg('accountHasBeenDeactivated'))
  }
  if (user.twoFactorEnabled) {
    if (!input.code) {
      throw new AppError('TOTP_REQUIRED', msg('enter6DigitCodeFrom'))
    }
    if (!(await checkSecondFactor(db, sealer, user, input.code.replace(/\s/g, '')))) {
      await recordLoginFailure(db, key, ipAddress)
      throw new AppError('TOTP_INVALID', msg('codeNotRightCheck'))
    }
  }
  await clearLoginFailures(db, key)
  return user
}
