import type { UserSearchResult } from '#shared/schemas/money-requests.ts'

/** First and last name, or the @username when the user gave no name. */
export function recipientName(user: UserSearchResult): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ')
  return name || `@${user.username}`
}

/** Avatar letters: the initials of the name, else the username's first letter. */
export function recipientInitials(user: UserSearchResult): string {
  const initials = [user.firstName?.trim(), user.lastName?.trim()]
    .map((part) => part?.charAt(0) ?? '')
    .join('')
  return (initials || user.username.charAt(0)).toUpperCase()
}
