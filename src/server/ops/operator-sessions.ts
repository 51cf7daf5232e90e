import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { operatorSessions, operators } from '#server/db/schema.ts'
import type { OperatorRow } from './operators.ts'

/** An operator's session ends after this long without a request (docs/operations-console.md). */
export const OPERATOR_IDLE_MS = 15 * 60 * 1000
/** ...and after this long whatever happens: a console left open overnight signs in again. */
export const OPERATOR_SESSION_MAX_MS = 12 * 60 * 60 * 1000

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createOperatorSession(
  db: Queryable,
  operatorId: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(operatorSessions).values({
    tokenHash: hashOf(token),
    operatorId,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + OPERATOR_SESSION_MAX_MS),
  })
  return token
}

/**
 * The active operator of a session token, sliding its idle window forward; undefined once it
 * has been idle 15 minutes, is past its 12 hours, or its operator was disabled. The window moves
 * by a conditional update, so an idle session is never revived by a late request.
 */
export async function readOperatorSession(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<OperatorRow | undefined> {
  const tokenHash = hashOf(token)
  const touched = await db
    .update(operatorSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_IDLE_MS)),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .returning({ operatorId: operatorSessions.operatorId })
  const operatorId = touched[0]?.operatorId
  if (!operatorId) return undefined
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.id, operatorId), eq(operators.active, true)))
    .limit(1)
  return row
}

export async function deleteOperatorSession(db: Queryable, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashOf(token)))
}

/** Ends every session of an operator (disabled, or their role changed). */
export async function endOperatorSessions(db: Queryable, operatorId: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId))
}

/** Sessions idle or past their time, removed by the upkeep. */
export async function pruneOperatorSessions(db: Queryable, now = new Date()): Promise<void> {
  await db
    .delete(operatorSessions)
    .where(lt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_IDLE_MS)))
}
