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
import { AppError, msg } from '#shared/errors.ts'
import { CARD_REVEAL_MS } from '#shared/schemas/card.ts'
import type { CardRow } from './find-or-issue-card.ts'

/**
 * The full number and CVV, only after the holder proves it is them again: the password, or a
 * current two-factor code when two-factor is on. Wrong answers count as failed sign-ins, so a
 * stolen session cannot guess its way to the card. The client hides them at `hideAt`.
 */
export async function revealCard(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
  card: CardRow,
  proof: { password?: string | undefined; code?: string | undefined },
  ipAddress: string,
  nowMs = Date.now(),
): Promise<{
  number: string
  cvv: string
  expiryMonth: number
  expiryYear: number
  hideAt: string
}> {
  if (!proof.password && !proof.code) {
    throw new AppError('VALIDATION_FAILED', msg('enterPasswordRevealCard'), [
      { path: 'password', message: msg('enterPasswordRevealCard') },
    ])
  }
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyFailedAttempts'))
  }
  const proven = proof.password
    ? await verifyPassword(user.passwordHash, proof.password)
    : Boolean(proof.code) &&
      user.twoFactorEnabled &&
      (await checkSecondFactor(db, sealer, user, (proof.code ?? '').replace(/\s/g, ''), nowMs))
  if (!proven) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    const message = proof.password ? msg('passwordIncorrect') : msg('codeNotRight')
    throw new AppError('VALIDATION_FAILED', message, [
      { path: proof.password ? 'password' : 'code', message },
    ])
  }
  return {
    number: sealer.open(card.numberSealed),
    cvv: sealer.open(card.cvvSealed),
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    hideAt: new Date(nowMs + CARD_REVEAL_MS).toISOString(),
  }
}
