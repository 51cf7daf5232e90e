import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'

/** Keys longer than this are stored by their hash (an address or id never comes close). */
const KEY_MAX_LENGTH = 200
/** About one call in this many also clears counters whose window ended an hour ago. */
const PRUNE_ONE_IN = 200

/**
 * Counts one hit against a fixed window shared by every server instance: one upsert that
 * starts a new window when the old one has ended, so two instances can never both see
 * "under the limit" for the same hit. Answers the hits so far in this window and the
 * milliseconds until it ends (docs/operations.md "Rate limits").
 */
export async function consumeRateLimit(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const stored =
    key.length <= KEY_MAX_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`
  const window = sql`(${windowMs}::bigint * interval '1 millisecond')`
  const [row] = await queryRows(
    db,
    sql`insert into rate_limit_counters as c (key, hits, resets_at)
        values (${stored}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= now() then now() + ${window} else c.resets_at end
        returning hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::float8 as ttl_ms`,
  )
  if (Math.floor(Math.random() * PRUNE_ONE_IN) === 0) {
    await db.execute(
      sql`delete from rate_limit_counters where resets_at < now() - interval '1 hour'`,
    )
  }
  return { current: Number(row?.hits ?? 1), ttl: Math.ceil(Number(row?.ttl_ms ?? windowMs)) }
}
