import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { UserRow } from '#server/users/find-user.ts'

/** The account whose verified number this is (E.164), if any: one at most (unique index). */
export async function findVerifiedPhoneOwner(
  db: Queryable,
  phoneNumber: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.phoneVerified, true)))
    .limit(1)
  return row
}

/**
 * The account that signs in with this number: its verified owner, else the one account made
 * with this number and no e-mail (unique index users_phone_only_key), which can sign in before
 * it has verified the number (docs/phone-numbers.md "Signing in"). Once someone else verifies
 * the number, only they sign in with it: receiving the code proved the phone is theirs.
 */
export async function findUserBySignInPhone(
  db: Queryable,
  phoneNumber: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        or(eq(users.phoneVerified, true), isNull(users.email)),
      ),
    )
    .orderBy(sql`${users.phoneVerified} desc`)
    .limit(1)
  return row
}

/**
 * Whether an account other than `userId` holds this number in a way that keeps it from being
 * taken: verified, or as the sign-in number of an account without an e-mail.
 */
export async function isPhoneHeldByAnother(
  db: Queryable,
  phoneNumber: string,
  userId: string | undefined,
  options: { includePhoneOnly: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        userId ? ne(users.id, userId) : undefined,
        options.includePhoneOnly
          ? or(eq(users.phoneVerified, true), isNull(users.email))
          : eq(users.phoneVerified, true),
      ),
    )
    .limit(1)
  return row !== undefined
}
