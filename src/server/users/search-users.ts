import { and, asc, isNull, ne, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { USER_SEARCH_LIMIT, type UserSearchResult } from '#shared/schemas/money-requests.ts'

/** `%`, `_` and `\` typed by a user are letters to find, not LIKE wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * Other users whose first name, last name or username contains the term, in any case. The
 * expressions match the trigram indexes on lower(...) exactly, so the search stays an index
 * scan with a million users. Only what a sender needs to pick someone is returned.
 */
export function searchUsers(
  db: Queryable,
  callerId: string,
  term: string,
): Promise<UserSearchResult[]> {
  return userSearchQuery(db, callerId, term).execute()
}

/** The search as a query, not yet run, so a test can EXPLAIN exactly what runs. */
export function userSearchQuery(db: Queryable, callerId: string, term: string) {
  const pattern = `%${escapeLike(term.toLowerCase())}%`
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(
      and(
        ne(users.id, callerId),
        isNull(users.deactivatedAt),
        or(
          sql`lower(${users.firstName}) like ${pattern}`,
          sql`lower(${users.lastName}) like ${pattern}`,
          sql`lower(${users.username}) like ${pattern}`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(USER_SEARCH_LIMIT)
}
