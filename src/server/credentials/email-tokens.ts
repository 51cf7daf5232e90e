import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { emailTokens } from '#server/db/schema.ts'

export type EmailTokenPurpose = 'password_reset' | 'verify_email' | 'freeze' | 'unfreeze'

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * A new single-use link token for `purpose`: 256 random bits, of which only the SHA-256 is kept
 * (docs/account.md "Password reset"), so the table alone opens nothing. Returns the token for
 * the e-mail.
 */
export async function issueEmailToken(
  db: Queryable,
  input: { userId: string; email: string; purpose: EmailTokenPurpose; ttlMs: number },
  nowMs = Date.now(),
  /** A token made by the caller (an unfreeze code under its account); else 256 random bits. */
  token = randomBytes(32).toString('base64url'),
): Promise<string> {
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    expiresAt: new Date(nowMs + input.ttlMs),
  })
  return token
}

/** How many tokens of `purpose` were issued to the user since `sinceMs`: a limit per account. */
export async function countRecentTokens(
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
  sinceMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, new Date(sinceMs)),
      ),
    )
  return row?.n ?? 0
}

/**
 * Spends a token: the row is locked and marked used in the caller's transaction, so of two
 * uses at once one waits and then finds it spent. Undefined when the token is unknown, used,
 * expired or for another purpose.
 */
export async function consumeEmailToken(
  tx: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  nowMs = Date.now(),
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    )
    .for('update')
  if (!row || row.expiresAt.getTime() <= nowMs) return undefined
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(eq(emailTokens.tokenHash, row.tokenHash))
  return { userId: row.userId, email: row.email }
}

/**
 * Spends every unused token of a purpose the user holds: a password change or reset ends the
 * reset links still out (issue 32), so a link read from a stolen inbox or phone earlier cannot
 * take the account back afterwards.
 */
export async function revokeEmailTokens(
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
  nowMs = Date.now(),
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    )
}

/** Whose a token is, without spending it: undefined when it is unknown, used or expired. */
export async function peekEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  nowMs = Date.now(),
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    )
  if (!row || row.expiresAt.getTime() <= nowMs) return undefined
  return { userId: row.userId }
}
