import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { outboxEvents } from '#server/db/schema.ts'
import {
  NOTIFICATIONS_PAGE_LIMIT,
  type Notification,
  type NotificationsPage,
} from '#shared/schemas/notifications.ts'
import { toNotification } from './to-notification.ts'

/** How many of the user's notifications are unread: the bell's count. */
export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.userId, userId), isNull(outboxEvents.readAt)))
  return row?.unread ?? 0
}

/**
 * The notification centre: the user's events newest first, a page at a time (keyset on
 * created_at and id, src/server/db/keyset-page.ts), with the unread count.
 */
export async function listNotifications(
  db: Queryable,
  userId: string,
  cursorText: string | undefined,
): Promise<NotificationsPage> {
  const after = cursorText ? decodeCursor(cursorText, 'uuid') : undefined
  const rows = await db
    .select({ event: outboxEvents, cursorAt: exactTimestamp(outboxEvents.createdAt) })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.userId, userId),
        olderThan(outboxEvents.createdAt, outboxEvents.id, after),
      ),
    )
    .orderBy(desc(outboxEvents.createdAt), desc(outboxEvents.id))
    .limit(NOTIFICATIONS_PAGE_LIMIT + 1)
  const page = toPage(rows, NOTIFICATIONS_PAGE_LIMIT, (row) => ({
    at: row.cursorAt,
    id: row.event.id,
  }))
  return {
    items: page.items
      .map((row) => toNotification(row.event))
      .filter((item): item is Notification => item !== undefined),
    nextCursor: page.nextCursor,
    unreadCount: await countUnread(db, userId),
  }
}
