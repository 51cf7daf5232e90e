/**
 * The second factor (docs/security.md "Two-factor"): a TOTP code, each time step usable once,
 * or an unused backup code, spent as it is checked. Enrolment is auth/two-factor.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { verify } from 'otplib'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Queryable } from '#server/db/client.ts'
import { backupCodes, users } from '#server/db/schema.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { TOTP_CODE_PATTERN } from '#shared/schemas/account.ts'

/** A code from the step before or after is accepted too: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30
/** RFC 6238's time step, otplib's default: a code changes every 30 seconds. */
const TOTP_PERIOD_SECONDS = 30
/** Backup codes avoid letters and digits that look alike when read off paper. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export function hashCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex')
}

export function newBackupCode(): string {
  const bytes = randomBytes(8)
  const chars = Array.from(bytes, (byte) => BACKUP_ALPHABET[byte % BACKUP_ALPHABET.length])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

/**
 * The time step a TOTP code belongs to when it is right for the sealed secret (now's, moved by
 * the drift it was accepted with), or undefined when it is not. Claiming the step, so the code
 * works once, is the caller's: a customer's and an operator's are kept in their own tables.
 */
export async function totpStepOf(
  sealer: Sealer,
  sealed: string | null,
  code: string,
  nowMs: number,
): Promise<number | undefined> {
  if (!sealed || !TOTP_CODE_PATTERN.test(code)) return undefined
  const result = await verify({
    secret: sealer.open(sealed),
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  })
  if (!result.valid) return undefined
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + result.delta
}

/**
 * Whether `code` is the user's TOTP code, used for the first time. The code's time step is
 * claimed by a conditional UPDATE: a code already used (or one of an earlier step) is refused,
 * even when two requests race with the same code (issue 32).
 */
export async function totpMatches(
  db: Queryable,
  sealer: Sealer,
  user: Pick<UserRow, 'id' | 'totpSecretSealed'>,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const step = await totpStepOf(sealer, user.totpSecretSealed, code, nowMs)
  if (step === undefined) return false
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
