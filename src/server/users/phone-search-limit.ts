/**
 * A search by phone number says who owns the number, so running a list of numbers through it
 * is limited per user (docs/phone-numbers.md "Paying by phone number"): 30 in 15 minutes,
 * counted once for the app's user search and the USSD recipient lookup together (issue 32: the
 * USSD lookup mapped numbers to names at 30 a minute, past the app's limit).
 */
export const PHONE_SEARCHES_PER_15_MINUTES = 30
export const PHONE_SEARCH_WINDOW_MS = 15 * 60 * 1000
/** The rate-limit group both share (src/server/rate-limits/rate-limit-store.ts). */
export const PHONE_SEARCH_GROUP = 'phone-search'

/**
 * The counter's key for one user, exactly as the route's rate limit stores it: the store's
 * prefix for the group, then the generated key (the user id) with the group id appended by
 * @fastify/rate-limit itself. `tests/api/ussd.test.ts` shows the two counting as one.
 */
export function phoneSearchKey(userId: string): string {
  return `group:${PHONE_SEARCH_GROUP}:${userId}${PHONE_SEARCH_GROUP}`
}
