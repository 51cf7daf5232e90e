import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import type { Queryable } from '#server/db/client.ts'
import { backupCodes, users } from '#server/db/schema.ts'
import type { Sealer } from '#server/secrets/seal.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import { BACKUP_CODE_COUNT, TOTP_CODE_PATTERN } from '#shared/schemas/account.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { isLoginBlocked, recordLoginFailure, signInKeyOf } from './login-throttle.ts'
import { requireStepUp } from './step-up.ts'

const ISSUER = 'Sabi'
/** A code from the step before or after is accepted too: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30
/** RFC 6238's time step, otplib's default: a code changes every 30 seconds. */
const TOTP_PERIOD_SECONDS = 30
/** Backup codes avoid letters and digits that look alike when read off paper. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function hashCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex')
}

function newBackupCode(): string {
  const bytes = randomBytes(8)
  const chars = Array.from(bytes, (byte) => BACKUP_ALPHABET[byte % BACKUP_ALPHABET.length])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

/**
 * Whether `code` is the user's TOTP code, used for the first time. The code's time step is
 * claimed by a conditional UPDATE: a code already used (or one of an earlier step) is refused,
 * even when two requests race with the same code (issue 32).
 */
async function totpMatches(
  db: Queryable,
  sealer: Sealer,
  user: Pick<UserRow, 'id' | 'totpSecretSealed'>,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const sealed = user.totpSecretSealed
  if (!sealed || !TOTP_CODE_PATTERN.test(code)) return false
  const result = await verify({
    secret: sealer.open(sealed),
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  })
  if (!result.valid) return false
  // The step the code belongs to: now's, moved by the drift it was accepted with.
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + result.delta
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
  return claimed.length > 0
}

/**
 * Whether `code` is the user's current TOTP code or one of their unused backup codes. A backup
 * code is spent by the same conditional UPDATE that checks it, so it works once even if two
 * sign-ins race with it.
 */
export async function checkSecondFactor(
  db: Queryable,
  sealer: Sealer,
  user: Pick<UserRow, 'id' | 'totpSecretSealed'>,
  code: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (await totpMatches(db, sealer, user, code, nowMs)) return true
  const spent = await db
    .update(backupCodes)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(backupCodes.userId, user.id),
        eq(backupCodes.codeHash, hashCode(code)),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id })
  return spent.length > 0
}

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
    throw new AppError('RATE_LIMITED', 'Too many wrong codes. Please try again in 15 minutes.')
  }
  if (!(await matches())) {
    await recordLoginFailure(db, signInKeyOf(user), ipAddress)
    throw new AppError(
      'VALIDATION_FAILED',
      'That code is not right. Check your authenticator app.',
      [{ path: 'code', message: 'That code is not right. Check your authenticator app.' }],
    )
  }
}

/** Starts enrolment: a new secret, kept sealed until a code from it turns two-factor on. */
export async function setUpTwoFactor(
  db: Queryable,
  sealer: Sealer,
  user: UserRow,
): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on')
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
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on')
  if (!user.totpSecretSealed) {
    throw new AppError('CONFLICT', 'Start two-factor setup first')
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
  if (!user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is not on')
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
  if (!user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is not on')
  await requireStepUp(db, sealer, user, proof, ipAddress, nowMs)
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode)
  await db.delete(backupCodes).where(eq(backupCodes.userId, user.id))
  await db
    .insert(backupCodes)
    .values(codes.map((c) => ({ userId: user.id, codeHash: hashCode(c) })))
  return { backupCodes: codes }
}
