import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { EVENTS_CHANNEL } from '#server/notifications/live-events.ts'
import { type NotificationData, SECURITY_KINDS } from '#shared/schemas/notifications.ts'

/** The outside channels each event is delivered to, one outbox_deliveries row each. */
export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const
export type DeliveryChannelName = (typeof DELIVERY_CHANNELS)[number]

export type OutboxEvent = { userId: string; data: NotificationData }

/**
 * Writes events users should hear about into the outbox, inside `tx`: the transaction that makes
 * the change they announce (docs/notifications.md, ADR 009). The events, a delivery for each
 * outside channel that can reach each user and that they want (`sabi_outbox_channels`,
 * db/functions/200_sabi_outbox_channels.sql) and one NOTIFY that wakes every instance go in one
 * statement, so the events exist if and only if the change commits, and PostgreSQL sends the
 * NOTIFY only at that commit: a rolled-back change is never announced. The NOTIFY names each
 * event as "user:position", separated by commas (src/server/notifications/live-events.ts).
 * Returns the events' ids, in order.
 */
export async function recordEvents(
  tx: Queryable,
  events: readonly OutboxEvent[],
): Promise<string[]> {
  if (events.length === 0) return []
  const rows = events.map((event, ord) => ({
    ord,
    userId: event.userId,
    kind: event.data.kind,
    security: SECURITY_KINDS.has(event.data.kind),
    data: event.data,
  }))
  const [row] = await queryRows(
    tx,
    sql`with given as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as g(ord integer, "userId" uuid, kind text, security boolean, data jsonb)
        ), events as (
          insert into outbox_events (user_id, kind, data)
          select "userId", kind, data from given order by ord
          returning id, position, user_id
        ), numbered as (
          -- The events were numbered in the order given, so their positions pair them up.
          select id, user_id, row_number() over (order by position) - 1 as ord from events
        ), deliveries as (
          insert into outbox_deliveries (event_id, channel)
          select numbered.id, channel
          from numbered join given on given.ord = numbered.ord,
            sabi_outbox_channels(numbered.user_id, given.security) as channel
        )
        select array_agg(events.id::text order by events.position) as ids,
               pg_notify(${EVENTS_CHANNEL},
                 string_agg(events.user_id::text || ':' || events.position, ',' order by events.position)) as notified
        from events`,
  )
  const ids = z.array(z.string()).length(events.length).parse(row?.ids)
  return ids
}

/** Writes one event, as `recordEvents` writes several; returns its id. */
export async function recordEvent(tx: Queryable, event: OutboxEvent): Promise<string> {
  const [id] = await recordEvents(tx, [event])
  if (id === undefined) throw new Error('the outbox event was not written')
  return id
}
