import type { outboxEvents } from '#server/db/schema.ts'
import { type Notification, notificationDataSchema } from '#shared/schemas/notifications.ts'

type EventRow = Pick<
  typeof outboxEvents.$inferSelect,
  'id' | 'position' | 'data' | 'createdAt' | 'readAt'
>

/** An outbox event as the notification centre and the live stream show it; undefined if unreadable. */
export function toNotification(row: EventRow): Notification | undefined {
  const data = notificationDataSchema.safeParse(row.data)
  if (!data.success) return undefined
  return {
    id: row.id,
    position: row.position.toString(),
    data: data.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}
