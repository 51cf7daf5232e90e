import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { type NotificationData, SECURITY_KINDS } from '#shared/schemas/notifications.ts'

/** The outside channels each event is delivered to, one outbox_deliveries row each. */
export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const
export type DeliveryChannelName = (typeof DELIVERY_CHANNELS)[number]

export type OutboxEvent = { userId: string; data: NotificationData }

/**
 * Writes events users should hear about into the outbox, inside `tx`: the transaction that makes
 * the change they announce (docs/notifications.md, ADR 009). The events, a delivery for each
 * outside channel that can reach each user and that they want, and one NOTIFY that wakes every
 * instance are written by one call of `sabi_record_events`
 * (db/functions/210_sabi_record_events.sql), so the events exist if and only if the change
 * commits, and PostgreSQL sends the NOTIFY only at that commit: a rolled-back change is never
 * announced. This is that call, for a statement of the caller's that writes more (a batch of
 * transfers writes its events with its journals); it answers the events' ids, in order.
 */
export function recordEventsCall(events: readonly OutboxEvent[]): SQL {
  const given = events.map((event) => ({
    userId: event.userId,
    kind: event.data.kind,
    security: SECURITY_KINDS.has(event.data.kind),
    data: event.data,
  }))
  return sql`sabi_record_events(${JSON.stringify(given)}::jsonb)`
}

/** Writes events as `recordEventsCall` does, in a statement of their own; returns their ids. */
export async function recordEvents(
  tx: Queryable,
  events: readonly OutboxEvent[],
): Promise<string[]> {
  if (events.length === 0) return []
  const [row] = await queryRows(tx, sql`select ${recordEventsCall(events)} as ids`)
  return z.array(z.string()).length(events.length).parse(row?.ids)
}

/** Writes one event, as `recordEvents` writes several; returns its id. */
export async function recordEvent(tx: Queryable, event: OutboxEvent): Promise<string> {
  const [id] = await recordEvents(tx, [event])
  if (id === undefined) throw new Error('the outbox event was not written')
  return id
}
