import type { outboxEvents } from '#server/db/schema.ts'
import {
  type Notification,
  type NotificationData,
  notificationDataSchema,
} from '#shared/schemas/notifications.ts'

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
    // The alert's link token and contacts are for the e-mail and SMS only (docs/security.md).
    data: withoutAlert(data.data),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}

function withoutAlert(data: NotificationData): NotificationData {
  if (!('alert' in data)) return data
  const { alert: _alert, ...rest } = data
  return rest
}
