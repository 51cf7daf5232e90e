import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { EVENTS_CHANNEL } from '#server/notifications/live-events.ts'
import { type NotificationData, SECURITY_KINDS } from '#shared/schemas/notifications.ts'

/** The outside channels each event is delivered to, one outbox_deliveries row each. */
export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const
export type DeliveryChannelName = (typeof DELIVERY_CHANNELS)[number]

export type OutboxEvent = { userId: string; data: NotificationData }

/**
 * Writes an event a user should hear about into the outbox, inside `tx`: the transaction that
 * makes the change it announces (docs/notifications.md, ADR 009). The event, a delivery for
 * each outside channel that can reach the user and that they want (`sabi_outbox_channels`,
 * db/functions/210_sabi_record_money_received.sql) and the NOTIFY that wakes every instance go in one statement,
 * so the event exists if and only if the change commits, and PostgreSQL sends the NOTIFY only
 * at that commit: a rolled-back change is never announced. Returns the event's id.
 */
export async function recordEvent(tx: Queryable, event: OutboxEvent): Promise<string> {
  const [row] = await queryRows(
    tx,
    sql`with event as (
          insert into outbox_events (user_id, kind, data)
          values (${event.userId}, ${event.data.kind}, ${JSON.stringify(event.data)}::jsonb)
          returning id, position
        ), deliveries as (
          insert into outbox_deliveries (event_id, channel)
          select event.id, channel
          from event, sabi_outbox_channels(${event.userId}, ${SECURITY_KINDS.has(event.data.kind)}) as channel
        )
        select event.id::text as id,
               pg_notify(${EVENTS_CHANNEL}, ${event.userId} || ':' || event.position) as notified
        from event`,
  )
  if (typeof row?.id !== 'string') throw new Error('the outbox event was not written')
  return row.id
}
