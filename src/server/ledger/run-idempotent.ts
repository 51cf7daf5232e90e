import { createHash } from 'node:crypto'
import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Database, type DbTransaction, type Queryable, queryRows } from '#server/db/client.ts'
import { idempotencyKeys } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'

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

/** The 422 of a key used before for a different request (docs/ledger.md "Idempotency"). */
export function idempotencyMismatch(): AppError {
  return new AppError('IDEMPOTENCY_MISMATCH', msg('idempotencyKeyWasAlready'))
}

/** The first answer again, or the 422 of a key used for another request. */
export function replay(
  row: { requestHash: string; statusCode: number; response: unknown },
  requestHash: string,
): IdempotentResponse {
  if (row.requestHash !== requestHash) throw idempotencyMismatch()
  return { statusCode: row.statusCode, body: row.response }
}

/** The keys of `claims` that were free and are now this transaction's: one INSERT for all. */
export async function claimKeys(
  tx: Queryable,
  claims: readonly IdempotencyClaim[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set()
  const [row] = await queryRows(tx, sql`select ${claimKeysCall(claims)} as claimed`)
  return claimedKeys(row?.claimed)
}

/**
 * The claim as an expression (db/functions/100_sabi_claim_keys.sql), for a statement of the
 * caller's that does more in the same round trip; `claimedKeys` reads what it answered.
 */
export function claimKeysCall(claims: readonly IdempotencyClaim[]): SQL {
  return sql`sabi_claim_keys(${JSON.stringify(claims)}::jsonb)`
}

/** The keys a claim took, by `claimName`. */
export function claimedKeys(answer: unknown): Set<string> {
  return new Set(z.array(z.string()).parse(answer))
}

/** How `claimKeys` names a claim in the set it answers. */
export function claimName(claim: { userId: string; key: string }): string {
  return `${claim.userId} ${claim.key}`
}

/** What a key's committed submission answered, and the fingerprint of its request. */
export type StoredAnswer = { requestHash: string; statusCode: number; response: unknown }

/** The answers kept for `claims` (read once their submissions committed), by `claimName`. */
export async function readStoredAnswers(
  tx: Queryable,
  claims: readonly { userId: string; key: string }[],
): Promise<Map<string, StoredAnswer>> {
  const answers = new Map<string, StoredAnswer>()
  if (claims.length === 0) return answers
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      or(
        ...claims.map((claim) =>
          and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)),
        ),
      ),
    )
  for (const row of rows) answers.set(claimName(row), row)
  for (const claim of claims)
    if (!answers.has(claimName(claim))) throw new Error('idempotency key vanished after a conflict')
  return answers
}

/**
 * Keeps each claimed key's answer, in the transaction that moved the money, and lets go of the
 * keys of submissions that were refused, so that a retry runs afresh: one call of
 * `sabi_settle_keys` (db/functions/110_sabi_settle_keys.sql), for a statement of the caller's
 * that writes more (a batch of transfers settles its keys with its journals).
 */
export function settleKeysCall(
  answered: readonly (IdempotencyClaim & IdempotentResponse)[],
  refused: readonly IdempotencyClaim[] = [],
): SQL {
  const rows = answered.map((claim) => ({
    userId: claim.userId,
    key: claim.key,
    statusCode: claim.statusCode,
    body: claim.body ?? {},
  }))
  const released = refused.map((claim) => ({ userId: claim.userId, key: claim.key }))
  return sql`sabi_settle_keys(${JSON.stringify(rows)}::jsonb, ${JSON.stringify(released)}::jsonb)`
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
    const claimed = await claimKeys(tx, [input])
    if (claimed.size === 0) {
      // An earlier submission with this key committed, perhaps while this one waited for its
      // claim: answer as it did.
      const stored = (await readStoredAnswers(tx, [input])).get(claimName(input))
      if (!stored) throw new Error('idempotency key vanished after a conflict')
      return { ...replay(stored, input.requestHash), replayed: true }
    }
    const response = await work(tx)
    await tx.execute(sql`select ${settleKeysCall([{ ...input, ...response }])}`)
    return { ...response, replayed: false }
  })
}
