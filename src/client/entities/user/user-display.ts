/** The parts of a user the header shows; a visitor-less fallback keeps every field optional. */
export type DisplayableUser = {
  firstName: string | null
  lastName: string | null
  /** Null for an account made with a phone number only. */
  email: string | null
  username?: string
  profileImageUrl: string | null
}

function clean(value: string | null | undefined): string {
  return value?.trim() ?? ''
}

/** Avatar letters (docs/screens.md "Header"): initials of first and last name, else "U". */
export function userInitials(user: DisplayableUser | null): string {
  const initials = [clean(user?.firstName), clean(user?.lastName)]
    .map((name) => name.charAt(0))
    .join('')
    .toUpperCase()
  return initials || 'U'
}

/**
 * The short name the header shows (docs/screens.md "Header"): the first name, else the part of
 * the e-mail before the @, else the caller's translated fallback ("User").
 */
export function userDisplayName(user: DisplayableUser | null, fallback: string): string {
  const firstName = clean(user?.firstName)
  if (firstName) return firstName
  const localPart = clean(user?.email?.split('@')[0])
  return localPart || fallback
}

/** First and last name together, or an empty string when neither is known. */
export function userFullName(user: DisplayableUser | null): string {
  return [clean(user?.firstName), clean(user?.lastName)].filter(Boolean).join(' ')
}

/**
 * Whether a navigation target is the current page (docs/screens.md "Bottom tab bar"): Home only on
 * exactly "/", every other target on a path-prefix match that respects segment boundaries, so /card
 * is active on /card/settings but not on /cards.
 */
export function isActivePath(target: string, location: string): boolean {
  if (target === '/') return location === '/'
  return location === target || location.startsWith(`${target}/`)
}
