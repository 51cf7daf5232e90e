import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { generateSecret, generateURI } from 'otplib'
import { hashPassword, verifyPassword } from '#server/credentials/passwords.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { totpStepOf } from '#server/credentials/second-factor.ts'
import type { Queryable } from '#server/db/client.ts'
import { operators } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { Operator, OperatorRole } from '#shared/schemas/ops.ts'

export type OperatorRow = typeof operators.$inferSelect

/** An enrolment link works this long: long enough to reach a laptop, short enough to leak. */
export const ENROLMENT_TTL_MS = 48 * 60 * 60 * 1000

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'support',
    active: row.active,
    enrolled: row.passwordHash !== null && row.enrolmentTokenHash === null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

export function isRole(value: string): value is OperatorRole {
  return value === 'support' || value === 'compliance' || value === 'admin'
}

export async function findOperator(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1)
  return row
}

/**
 * A new operator (docs/operations-console.md "Operators"): no password yet, a fresh TOTP secret
 * sealed with the server's key, and a one-time enrolment token of which only the hash is kept.
 * The token goes into the link the creator hands over; it shows the secret once and sets the
 * password. An e-mail already used is a 409.
 */
export async function addOperator(
  db: Queryable,
  sealer: Sealer,
  input: { email: string; name: string; role: OperatorRole; createdBy: string | null },
  now = new Date(),
): Promise<{ operator: OperatorRow; token: string }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(operators)
    .values({
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      role: input.role,
      totpSecretSealed: sealer.seal(generateSecret()),
      enrolmentTokenHash: tokenHash(token),
      enrolmentExpiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS),
      createdBy: input.createdBy,
    })
    .onConflictDoNothing({ target: operators.email })
    .returning()
  if (!row) throw new AppError('CONFLICT', msg('operatorEmailTaken'))
  return { operator: row, token }
}

/** The operator an unused, unexpired enrolment token names. */
async function enrollee(db: Queryable, token: string, now: Date): Promise<OperatorRow> {
  const [row] = await db
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.enrolmentTokenHash, tokenHash(token)),
        gt(operators.enrolmentExpiresAt, now),
        eq(operators.active, true),
      ),
    )
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', msg('enrolmentLinkInvalid'))
  return row
}

/** What the enrolment page shows: whom it enrols and the TOTP secret to scan. */
export async function readEnrolment(
  db: Queryable,
  sealer: Sealer,
  token: string,
  now = new Date(),
) {
  const row = await enrollee(db, token, now)
  const secret = sealer.open(row.totpSecretSealed ?? '')
  return {
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'support',
    secret,
    otpauthUrl: generateURI({ issuer: 'Sabi Ops', label: row.email, secret }),
  }
}

/**
 * Completes enrolment: a code from the authenticator proves the secret was scanned, then the
 * password is set and the token is spent in one conditional update, so a link works once.
 */
export async function enrolOperator(
  db: Queryable,
  sealer: Sealer,
  input: { token: string; password: string; code: string },
  now = new Date(),
): Promise<OperatorRow> {
  const row = await enrollee(db, input.token, now)
  // The code proves the secret was scanned; its step is not spent, so the operator can sign in
  // with the code still on screen.
  const step = await totpStepOf(sealer, row.totpSecretSealed, input.code, now.getTime())
  if (step === undefined) {
    throw new AppError('VALIDATION_FAILED', msg('codeNotRightCheck'), [
      { path: 'code', message: msg('codeNotRightCheck') },
    ])
  }
  const [enrolled] = await db
    .update(operators)
    .set({
      passwordHash: await hashPassword(input.password),
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
      updatedAt: now,
    })
    .where(and(eq(operators.id, row.id), eq(operators.enrolmentTokenHash, tokenHash(input.token))))
    .returning()
  if (!enrolled) throw new AppError('NOT_FOUND', msg('enrolmentLinkInvalid'))
  return enrolled
}

/**
 * Checks an operator's sign-in: an active, enrolled operator, the password, and a TOTP code used
 * for the first time. Every failure is the same 401, so nothing tells which part was wrong.
 */
export async function checkOperatorSignIn(
  db: Queryable,
  sealer: Sealer,
  input: { email: string; password: string; code: string },
  now = new Date(),
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.email, input.email.trim().toLowerCase()))
    .limit(1)
  const passwordRight = await verifyPassword(row?.passwordHash ?? undefined, input.password)
  if (!row || !passwordRight || !row.active || row.enrolmentTokenHash !== null) return undefined
  const step = await totpStepOf(sealer, row.totpSecretSealed, input.code, now.getTime())
  if (step === undefined) return undefined
  const [claimed] = await db
    .update(operators)
    .set({ totpLastStep: step, lastSignInAt: now })
    .where(
      and(
        eq(operators.id, row.id),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning()
  return claimed
}
