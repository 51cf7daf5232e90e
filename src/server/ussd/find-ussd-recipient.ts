import { and, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { findUserByUsername } from '#server/users/find-user.ts'
import { toE164 } from '#shared/phone-numbers.ts'
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '#shared/schemas/auth.ts'
import type { UssdRecipient } from './ussd-menu.ts'

/** How long a first name may run in a confirmation before it is cut. */
const FIRST_NAME_SHOWN_MAX = 20

/**
 * Whom a caller means by what they typed (docs/ussd.md "Send money"): a phone number in any
 * common form matches a verified number exactly, as the app's user search does; anything else,
 * with or without its `@`, is a username. A deactivated account is nobody.
 */
export async function findUssdRecipient(
  db: Queryable,
  query: string,
): Promise<(UssdRecipient & { username: string }) | undefined> {
  const username = query.startsWith('@') ? query.slice(1) : query
  const phone = query.startsWith('@') ? undefined : toE164(query)
  if (phone) {
    const matches = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.phoneNumber, phone),
          eq(users.phoneVerified, true),
          isNull(users.deactivatedAt),
        ),
      )
      .limit(2)
    const [user] = matches
    return user && matches.length === 1 ? toRecipient(user) : undefined
  }
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) return undefined
  const user = await findUserByUsername(db, username)
  return user && user.deactivatedAt === null ? toRecipient(user) : undefined
}

/** "Chidi O. @chidi": enough for the caller to know whom they pay, short enough for a screen. */
function toRecipient(user: {
  id: string
  firstName: string | null
  lastName: string | null
  username: string
}): UssdRecipient & { username: string } {
  const first = (user.firstName ?? '').trim().slice(0, FIRST_NAME_SHOWN_MAX)
  const initial = (user.lastName ?? '').trim().slice(0, 1)
  const person = [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ')
  return {
    userId: user.id,
    username: user.username,
    name: person ? `${person} @${user.username}` : `@${user.username}`,
  }
}
