import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database, DbTransaction, Queryable } from '#server/db/client.ts'
import { idempotencyKeys } from '#server/db/schema.ts'
import { AppError } from '#shared/errors.ts'

export type IdempotentResponse = { statusCode: number; body: unknown }

/** The submission a money POST names: its user, its Idempotency-Key and its fingerprint. */
export type IdempotencyClaim = { userId: string; key: string; requestHash: string }

/** JSON with sorted keys, so the same body always hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export function fingerprintRequest(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex')
}

async function readStored(db: Queryable, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1)
  return row
}

/** The 422 of a key used before for a different request (docs/ledger.md "Idempotency"). */
export function idempotencyMismatch(): AppError {
  return new AppError(
    'IDEMPOTENCY_MISMATCH',
    'This Idempotency-Key was already used for a different request',
  )
}

function replay(
  row: { requestHash: string; statusCode: number; response: unknown },
  requestHash: string,
): IdempotentResponse {
  if (row.requestHash !== requestHash) throw idempotencyMismatch()
  return { statusCode: row.statusCode, body: row.response }
}

/**
 * Runs a money operation at most once per (user, Idempotency-Key), as docs/ledger.md "Idempotency"
 * says. The key is claimed first thing in the operation's own transaction, so a concurrent
 * duplicate waits on it and then gets the first response instead of running again; the response is
 * stored in that same transaction, so it exists exactly when the money moved. A failed operation
 * rolls its claim back with everything else, and a retry runs it afresh.
 */
export async function runIdempotent(
  db: Database,
  input: { userId: string; key: string; requestHash: string },
  work: (tx: DbTransaction) => Promise<IdempotentResponse>,
): Promise<IdempotentResponse & { replayed: boolean }> {
  // No read before the claim: the claim itself finds an earlier submission, and a retry is
  // rare enough that it may pay for the transaction it opens.
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: input.userId,
        key: input.key,
        requestHash: input.requestHash,
        statusCode: 0,
        response: {},
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      // An earlier submission with this key committed, perhaps while this one waited for its
      // claim: answer as it did.
      const stored = await readStored(tx, input.userId, input.key)
      if (!stored) throw new Error('idempotency key vanished after a conflict')
      return { ...replay(stored, input.requestHash), replayed: true }
    }
    const response = await work(tx)
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: response.statusCode, response: response.body ?? {} })
      .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key)))
    return { ...response, replayed: false }
  })
}
