import { and, desc, eq, isNotNull, max, ne } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { journals, users } from '#server/db/schema.ts'
import type { UserSearchResult } from '#shared/schemas/money-requests.ts'

/** How many recent Sabi recipients the transfer screens offer. */
export const RECENT_SABI_RECIPIENTS_LIMIT = 10

/**
 * The other Sabi users this user has sent money to, most recent first: the "recent recipients"
 * of the transfer options screen, from the user's own transfers rather than samples.
 */
export async function listRecentRecipients(
  db: Queryable,
  userId: string,
): Promise<UserSearchResult[]> {
  const recent = db
    .select({ userId: journals.toUserId, lastSentAt: max(journals.createdAt).as('last_sent_at') })
    .from(journals)
    .where(
      and(
        eq(journals.fromUserId, userId),
        eq(journals.type, 'send'),
        isNotNull(journals.toUserId),
        ne(journals.toUserId, userId),
      ),
    )
    .groupBy(journals.toUserId)
    .as('recent')
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      profileImageUrl: users.profileImageUrl,
    })
    .from(recent)
    .innerJoin(users, eq(users.id, recent.userId))
    .orderBy(desc(recent.lastSentAt))
    .limit(RECENT_SABI_RECIPIENTS_LIMIT)
}
