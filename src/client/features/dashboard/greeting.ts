/**
 * How long an account is greeted "Welcome" rather than "Welcome back" (issue 31: a brand-new
 * account was greeted "Welcome back"). Within its first day its owner may well not have been here
 * before, and "Welcome" is true either way; "Welcome back" is true only for someone returning.
 */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000

/**
 * Whether the account is new enough to be greeted "Welcome", from the creation time the API
 * gives with the user. An unknown or unreadable time counts as new: better a plain welcome than
 * a "welcome back" that is not true.
 */
export function isNewAccount(createdAt: string | undefined, nowMs: number): boolean {
  if (createdAt === undefined) return true
  const createdMs = Date.parse(createdAt)
  if (Number.isNaN(createdMs)) return true
  return nowMs - createdMs < NEW_ACCOUNT_MS
}
