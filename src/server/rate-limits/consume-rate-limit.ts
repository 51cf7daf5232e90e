import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'

/** Keys longer than this are stored by their hash (an address or id never comes close). */
const KEY_MAX_LENGTH = 200
/** About one call in this many also clears counters whose window ended an hour ago. */
const PRUNE_ONE_IN = 200
/** At most this many hits share one statement. */
const HITS_PER_STATEMENT_MAX = 256

export type RateLimitHit = { key: string; windowMs: number }
export type RateLimitCount = { current: number; ttl: number }

function storedKey(key: string): string {
  return key.length <= KEY_MAX_LENGTH
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`
}

/**
 * Counts hits against fixed windows shared by every server instance: one upsert per key that
 * starts a new window when the old one has ended, so two instances can never both see "under
 * the limit" for the same hit. Several hits on one key count as that many, one after another,
 * and each is answered with the hits so far in its window (its own place among them) and the
 * milliseconds until the window ends (docs/operations.md "Rate limits"). Keys are written in
 * sorted order, so two statements never wait for each other's counters the other way round.
 */
export async function consumeRateLimits(
  db: Queryable,
  hits: readonly RateLimitHit[],
): Promise<RateLimitCount[]> {
  const byKey = new Map<string, { windowMs: number; count: number }>()
  const places = hits.map((hit) => {
    const key = storedKey(hit.key)
    const entry = byKey.get(key) ?? { windowMs: hit.windowMs, count: 0 }
    entry.count += 1
    byKey.set(key, entry)
    return { key, place: entry.count }
  })
  const keys = JSON.stringify(
    [...byKey.keys()].sort().map((key) => ({
      key,
      n: byKey.get(key)?.count ?? 1,
      window_ms: byKey.get(key)?.windowMs ?? 0,
    })),
  )
  const rows = await queryRows(
    db,
    sql`insert into rate_limit_counters as c (key, hits, resets_at)
        select k.key, k.n, now() + k.window_ms * interval '1 millisecond'
        from jsonb_to_recordset(${keys}::jsonb) as k(key text, n int, window_ms bigint)
        order by k.key
        on conflict (key) do update set
          hits = case when c.resets_at <= now() then excluded.hits else c.hits + excluded.hits end,
          resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
        returning key, hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::float8 as ttl_ms`,
  )
  if (Math.floor(Math.random() * PRUNE_ONE_IN) === 0) {
    await db.execute(
      sql`delete from rate_limit_counters where resets_at < now() - interval '1 hour'`,
    )
  }
  const counted = new Map(rows.map((row) => [String(row.key), row]))
  return places.map(({ key, place }) => {
    const row = counted.get(key)
    const entry = byKey.get(key)
    const total = Number(row?.hits ?? entry?.count ?? 1)
    return {
      // The hits before this one in the batch came first; those after it, after.
      current: total - (entry?.count ?? 1) + place,
      ttl: Math.ceil(Number(row?.ttl_ms ?? entry?.windowMs ?? 0)),
    }
  })
}

/**
 * Hits that arrive while a statement is counting others wait for the next one, so a busy
 * server counts many requests per statement and per commit rather than one each (ADR 008).
 */
export function createRateLimitCounter(db: Queryable) {
  const batcher = createStatementBatcher(
    (hits: RateLimitHit[]) => consumeRateLimits(db, hits),
    HITS_PER_STATEMENT_MAX,
    { name: 'rate_limit_hits' },
  )
  return {
    consume: (key: string, windowMs: number): Promise<RateLimitCount> =>
      batcher.submit({ key, windowMs }),
  }
}
