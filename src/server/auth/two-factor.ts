import { eq } from 'drizzle-orm'
import { generateSecret, generateURI } from 'otplib'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { requireStepUp } from '#server/account-safety/step-up.ts'
import {
  isLoginBlocked,
  recordLoginFailure,
  signInKeyOf,
} from '#server/credentials/login-throttle.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { hashCode, newBackupCode, totpMatches } from '#server/credentials/second-factor.ts'
import type { Queryable } from '#server/db/client.ts'
import { backupCodes, users } from '#server/db/schema.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { BACKUP_CODE_COUNT } from '#shared/schemas/account.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'

const ISSUER = 'Sabi'

/**
 * A second factor for an action of a signed-in user (turning two-factor on or off): wrong
 * codes count as failed sign-ins, so guessing is limited like guessing a password.
 */
async function requireCode(
  db: Queryable,
  user: UserRow,
  ipAddress: string,
  matches: () => Promise<boolean>,
): Promise<void> {
  if (await isLoginBlocked(db, signInKeyOf(user), ipAddress)) {
    throw new AppError('RATE_LIMITED', msg('tooManyWrongCodes'))
  }
  if (!(await matches())) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError('VALIDATION_FAILED', msg('codeNotRightCheck'), [
      { path: 'code', message: msg('codeNotRightCheck') },
    ])
  }
}

/** Starts enrolment: a new secret, kept sealed until a code from it turns two-factor on. */
export async function setUpTwoFactor(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', msg('twoFactorSignAlready'))
  const secret = generateSecret()
  await db
    .update(users)
    .set({ totpSecretSealed: sealer.seal(secret), updatedAt: new Date() })
    .where(eq(users.id, user.id))
  return {
    secret,
    otpauthUrl: generateURI({
      issuer: ISSUER,
      label: user.email ?? user.phoneNumber ?? user.username,
      secret,
    }),
  }
}

/** Turns two-factor on once the user proves the app has the secret; returns backup codes. */
export async function enableTwoFactor(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
  { code, password }: { code: string; password?: string | undefined },
  ipAddress: string,
  nowMs = Date.now(),
): Promise<{ backupCodes: string[] }> {
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', msg('twoFactorSignAlready'))
  if (!user.totpSecretSealed) {
    throw new AppError('CONFLICT', msg('startTwoFactorSetup'))
  }
  await requireStepUp(db, sealer, user, { password }, ipAddress, nowMs)
  await requireCode(db, user, ipAddress, () => totpMatches(db, sealer, user, code, nowMs))
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode)
  await db.delete(backupCodes).where(eq(backupCodes.userId, user.id))
  await db
    .insert(backupCodes)
    .values(codes.map((c) => ({ userId: user.id, codeHash: hashCode(c) })))
  await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: new Date(nowMs) })
    .where(eq(users.id, user.id))
  await alertOwner(db, user, { kind: 'two_factor_changed', enabled: true })
  return { backupCodes: codes }
}

/**
 * Turns two-factor off; it takes the password and a current code (or a backup code), not just
 * a session (step-up, docs/security.md).
 */
export async function disableTwoFactor(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
  proof: StepUpProof,
  ipAddress: string,
  nowMs = Date.now(),
): Promise<void> {
  if (!user.twoFactorEnabled) throw new AppError('CONFLICT', msg('twoFactorSignNot'))
  await requireStepUp(db, sealer, user, proof, ipAddress, nowMs)
  await db.delete(backupCodes).where(eq(backupCodes.userId, user.id))
  await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      totpSecretSealed: null,
      totpLastStep: null,
      updatedAt: new Date(nowMs),
    })
    .where(eq(users.id, user.id))
  await alertOwner(db, user, { kind: 'two_factor_changed', enabled: false })
}

/**
 * New backup codes for the old ones, which stop working: with the password and a current code
 * (or one of the old backup codes), as every two-factor change (step-up, docs/security.md).
 */
export async function renewBackupCodes(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
  proof: StepUpProof,
  ipAddress: string,
  nowMs = Date.now(),
): Promise<{ backupCodes: string[] }> {
  if (!user.twoFactorEnabled) throw new AppError('CONFLICT', msg('twoFactorSignNot'))
  await requireStepUp(db, sealer, user, proof, ipAddress, nowMs)
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode)
  await db.delete(backupCodes).where(eq(backupCodes.userId, user.id))
  await db
    .insert(backupCodes)
    .values(codes.map((c) => ({ userId: user.id, codeHash: hashCode(c) })))
  return { backupCodes: codes }
}
