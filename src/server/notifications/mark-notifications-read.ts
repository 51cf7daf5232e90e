import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { outboxEvents } from '#server/db/schema.ts'
import type { MarkReadRequest } from '#shared/schemas/notifications.ts'
import { countUnread } from './list-notifications.ts'

/**
 * Marks the named notifications read, or all of them without `ids`. Only the user's own are
 * touched: another user's id is simply not theirs to mark. Returns the unread count after.
 */
export async function markNotificationsRead(
  db: Queryable,
  userId: string,
  input: MarkReadRequest,
): Promise<number> {
  if (input.ids?.length === 0) return countUnread(db, userId)
  await db
    .update(outboxEvents)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(outboxEvents.userId, userId),
        isNull(outboxEvents.readAt),
        input.ids ? inArray(outboxEvents.id, input.ids) : undefined,
      ),
    )
  return countUnread(db, userId)
}
