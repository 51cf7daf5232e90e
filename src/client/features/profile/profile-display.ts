import { userFullName } from '#client/entities/user/user-display.ts'
import { formatDate } from '#client/lib/format-date.ts'
import type { User } from '#shared/schemas/auth.ts'

/** The identity check's three outcomes (issue "Account"); anything else counts as not done. */
export type VerificationStatus = 'unverified' | 'verified' | 'failed'

/**
 * The name the profile shows (docs/screens.md "Profile screen"): first and last name, else the part
 * of the e-mail before the @, else the caller's translated fallback ("User").
 */
export function profileName(
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>,
  fallback: string,
): string {
  const fullName = userFullName(user)
  if (fullName) return fullName
  return user.email?.split('@')[0]?.trim() || fallback
}

/**
 * "November 22, 2026" (the member-since date, long, docs/screens.md; in the user's language), or
 * null when the date cannot be read, so the caller shows "Recently joined" instead.
 */
export function memberSinceDate(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null
  const date = new Date(createdAt)
  if (Number.isNaN(date.getTime())) return null
  return formatDate(date, 'longDate')
}

/** The server's `verificationStatus`; a verified flag wins over a stale status. */
export function verificationStatusOf(
  user: Pick<User, 'isVerified' | 'verificationStatus'>,
): VerificationStatus {
  if (user.isVerified || user.verificationStatus === 'verified') return 'verified'
  return user.verificationStatus === 'failed' ? 'failed' : 'unverified'
}
