import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { looksLikePhoneNumber, toE164 } from '#shared/phone-numbers.ts'
import { USER_SEARCH_LIMIT, type UserSearchResult } from '#shared/schemas/money-requests.ts'

/** `%`, `_` and `\` typed by a user are letters to find, not LIKE wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * Other users whose first name, last name or username contains the term, in any case. The
 * expressions match the trigram indexes on lower(...) exactly, so the search stays an index
 * scan with a million users. Only what a sender needs to pick someone is returned. A term that
 * is a phone number in any common form ("0803 123 4567", "+234 803 123 4567", "2348031234567")
 * finds the one account that verified that number, by E.164 equality, never by a part of it
 * (docs/phone-numbers.md "Paying by phone number").
 */
export function searchUsers(
  db: Queryable,
  callerId: string,
  term: string,
): Promise<UserSearchResult[]> {
  const phoneNumber = looksLikePhoneNumber(term) ? toE164(term) : undefined
  if (phoneNumber) return phoneSearchQuery(db, callerId, phoneNumber).execute()
  return userSearchQuery(db, callerId, term).execute()
}

/** What a search answers of each user: a name to recognise, never an address or a number. */
const SEARCH_RESULT_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
}

/** The account whose verified number this is (the partial unique index answers it). */
function phoneSearchQuery(db: Queryable, callerId: string, phoneNumber: string) {
  return db
    .select(SEARCH_RESULT_COLUMNS)
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        eq(users.phoneVerified, true),
        ne(users.id, callerId),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1)
}

/** The search as a query, not yet run, so a test can EXPLAIN exactly what runs. */
export function userSearchQuery(db: Queryable, callerId: string, term: string) {
  const pattern = `%${escapeLike(term.toLowerCase())}%`
  return db
    .select(SEARCH_RESULT_COLUMNS)
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
