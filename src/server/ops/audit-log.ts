import { createHash } from 'node:crypto'
import { asc, desc, lt, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema.ts'

/** The hash before the first entry: the chain has to start somewhere known. */
export const GENESIS_HASH = '0'.repeat(64)

/** A key for the advisory lock that makes appends one at a time, so the chain never forks. */
const AUDIT_LOCK_KEY = 7_201_336_001

export type AuditEntry = {
  operatorId: string | null
  /** The operator's e-mail, or `cli`. */
  actor: string
  action: string
  targetType?: string | undefined
  targetId?: string | undefined
  reason?: string | undefined
  details?: Record<string, string | number | boolean | null> | undefined
}

type StoredEntry = {
  seq: bigint
  at: Date
  operatorId: string | null
  actor: string
  action: string
  targetType: string | null
  targetId: string | null
  reason: string | null
  details: unknown
  prevHash: string
}

/** JSON with its keys sorted at every level, so the same entry always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * An entry's hash (docs/operations-console.md "Audit log"): SHA-256 over the hash before it and
 * every field of the entry, its sequence number included, so changing a field, removing an entry
 * or swapping two breaks the chain from there on.
 */
export function auditHash(entry: StoredEntry): string {
  return createHash('sha256')
    .update(
      canonical({
        prevHash: entry.prevHash,
        seq: entry.seq.toString(),
        at: entry.at.toISOString(),
        operatorId: entry.operatorId,
        actor: entry.actor,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        reason: entry.reason,
        details: entry.details,
      }),
    )
    .digest('hex')
}

/**
 * Appends an entry to the audit log, inside the caller's transaction, so the entry exists exactly
 * when what it records does. Appends are one at a time (a transaction-scoped advisory lock): each
 * reads the last hash and chains onto it, and two instances can never chain onto the same one.
 */
export async function appendAudit(tx: Queryable, entry: AuditEntry, now = new Date()) {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`)
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1)
  const seq = (last?.seq ?? 0n) + 1n
  const stored: StoredEntry = {
    seq,
    at: now,
    operatorId: entry.operatorId,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    prevHash: last?.hash ?? GENESIS_HASH,
  }
  await tx.insert(auditLog).values({
    ...stored,
    details: stored.details ?? {},
    hash: auditHash(stored),
  })
}

export type AuditBreak = { seq: bigint; problem: 'changed' | 'missing' | 'reordered' }

/**
 * Walks the whole chain in order and names the first entry that does not hold: one whose hash
 * is not its content's (changed), one whose predecessor is not the entry before it (an entry
 * missing, or two swapped), or a gap in the sequence. Undefined when the log is intact.
 */
export async function verifyAuditChain(db: Queryable): Promise<AuditBreak | undefined> {
  let previousHash = GENESIS_HASH
  let expectedSeq = 1n
  let after = 0n
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.seq} > ${after}`)
      .orderBy(asc(auditLog.seq))
      .limit(1000)
    if (page.length === 0) return undefined
    for (const row of page) {
      if (row.seq !== expectedSeq) return { seq: row.seq, problem: 'missing' }
      if (row.hash !== auditHash(row)) return { seq: row.seq, problem: 'changed' }
      if (row.prevHash !== previousHash) return { seq: row.seq, problem: 'reordered' }
      previousHash = row.hash
      expectedSeq = row.seq + 1n
      after = row.seq
    }
  }
}

/** A page of the log, newest first, before `before` when given (the console's "older"). */
export async function readAudit(db: Queryable, options: { before?: number; limit: number }) {
  return db
    .select()
    .from(auditLog)
    .where(options.before ? lt(auditLog.seq, BigInt(options.before)) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(options.limit)
}
