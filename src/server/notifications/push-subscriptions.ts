import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema.ts'
import type { PushSubscriptionRequest } from '#shared/schemas/notifications.ts'

/** The most browsers one user may subscribe; the oldest goes when a new one is added. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 10

/**
 * Keeps a browser's push subscription for the signed-in user. An endpoint belongs to one
 * browser, so one that was another user's (a shared phone) now follows whoever subscribed last.
 */
export async function savePushSubscription(
  db: Queryable,
  userId: string,
  input: PushSubscriptionRequest,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: new Date() },
    })
  const mine = await listPushSubscriptions(db, userId)
  const extra = mine
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(PUSH_SUBSCRIPTIONS_PER_USER_MAX)
  for (const old of extra)
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id))
}

/** Forgets one of the user's subscriptions; another user's endpoint is left alone. */
export async function deletePushSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

export async function listPushSubscriptions(db: Queryable, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(PUSH_SUBSCRIPTIONS_PER_USER_MAX * 2)
}
