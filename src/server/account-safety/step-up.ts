import {
  isLoginBlocked,
  recordLoginFailure,
  signInKeyOf,
} from '#server/credentials/login-throttle.ts'
import { verifyPassword } from '#server/credentials/passwords.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { checkSecondFactor } from '#server/credentials/second-factor.ts'
import type { Queryable } from '#server/db/client.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'

const PASSWORD_ASKED = msg('enterPasswordContinue')
const BOTH_ASKED = msg('enterPasswordCodeFrom')
const WRONG_PASSWORD = msg('passwordIncorrect')
const WRONG_CODE = msg('codeNotRightCheck')

/**
 * Step-up for a credential change or deactivation (docs/security.md "Step-up"): a session alone
 * is not enough, since a stolen cookie is a session. The account password is asked, and the
 * TOTP or a backup code as well when two-factor is on. A wrong one counts as a failed sign-in
 * of the account, so this cannot be used to guess the password; a frozen account changes no
 * credential at all. Every refusal is 403 REAUTH_REQUIRED with the field at fault, so a screen
 * knows to ask again.
 */
export async function requireStepUp(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
  proof: StepUpProof,
  ipAddress: string,
  nowMs = Date.now(),
): Promise<void> {
  refuseIfFrozen(user)
  const secondFactor = user.twoFactorEnabled
  const password = proof.password ?? ''
  const code = proof.code ?? ''
  if (password === '' || (secondFactor && code === '')) {
    const missing = [
      ...(password === '' ? [{ path: 'password', message: PASSWORD_ASKED }] : []),
      ...(secondFactor && code === '' ? [{ path: 'code', message: BOTH_ASKED }] : []),
    ]
    throw new AppError('REAUTH_REQUIRED', secondFactor ? BOTH_ASKED : PASSWORD_ASKED, missing, {
      secondFactor,
    })
  }
  await checkAccountPassword(db, user, password, ipAddress, { secondFactor })
  if (secondFactor && !(await checkSecondFactor(db, sealer, user, code, nowMs))) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('REAUTH_REQUIRED', WRONG_CODE, [{ path: 'code', message: WRONG_CODE }], {
      secondFactor,
    })
  }
}

/**
 * The account password, typed again by a signed-in user: a wrong one counts as a failed
 * sign-in of the account, and while sign-ins are blocked none is even compared. Refused with
 * 403 REAUTH_REQUIRED naming the password field.
 */
export async function checkAccountPassword(
  db: Queryable,
  user: UserRow,
  password: string,
  ipAddress: string,
  details: { secondFactor: boolean } = { secondFactor: false },
): Promise<void> {
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyFailedAttempts'))
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError(
      'REAUTH_REQUIRED',
      WRONG_PASSWORD,
      [{ path: 'password', message: WRONG_PASSWORD }],
      details,
    )
  }
}
