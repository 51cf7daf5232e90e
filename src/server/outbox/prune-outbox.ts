import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'

/** How long the notification centre keeps an event (docs/notifications.md "Keeping"). */
export const OUTBOX_RETENTION_DAYS = 90

/**
 * Deletes up to `limit` events older than the retention, oldest first, with their deliveries,
 * and answers how many went. An event with a delivery still pending stays until it is done, so
 * pruning never takes a message that is still to be sent. Rows another instance is pruning are
 * skipped, not waited for.
 */
export async function pruneOutbox(
  db: Queryable,
  options: { olderThanDays?: number; limit?: number } = {},
): Promise<number> {
  const days = options.olderThanDays ?? OUTBOX_RETENTION_DAYS
  const rows = await queryRows(
    db,
    sql`with old as (
          select e.id from outbox_events e
          where e.created_at < now() - make_interval(days => ${days})
            and not exists (
              select 1 from outbox_deliveries d where d.event_id = e.id and d.status = 'pending')
          order by e.position
          limit ${options.limit ?? 1_000}
          for update skip locked
        ), deliveries as (
          delete from outbox_deliveries d using old where d.event_id = old.id
        )
        delete from outbox_events e using old where e.id = old.id
        returning e.id`,
  )
  return rows.length
}
