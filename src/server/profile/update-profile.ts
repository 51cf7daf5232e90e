import { eq } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { revokeEmailTokens } from '#server/credentials/email-tokens.ts'
import type { Database } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { users } from '#server/db/schema.ts'
import { startCoolingOff } from '#server/limits/cooling-off.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { UpdateProfileRequest } from '#shared/schemas/profile.ts'

const USERNAME_TAKEN = msg('usernameAlreadyTaken')
const PHONE_REQUIRED = msg('accountSignsItsPhone')
const PHONE_ACCOUNT_EXISTS = msg('accountPhoneNumberAlready')

/**
 * Edit Profile (issue "Account"): names, username and phone number. The username stays
 * unique whatever its case, as at sign-up; the unique index decides a race. The phone number
 * arrives as E.164 (docs/phone-numbers.md); a changed number is no longer verified, the same
 * number saved again stays as it was, and an account without an e-mail keeps a number, since
 * it signs in with it.
 */
export async function updateProfile(
  db: Database,
  before: UserRow,
  input: UpdateProfileRequest,
): Promise<UserRow> {
  const phoneChange = phoneChangeOf(before, input.phoneNumber)
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...phoneChange,
          updatedAt: new Date(),
        })
        .where(eq(users.id, before.id))
        .returning()
      if (!row) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      // A changed number is a credential change (docs/security.md): the route asked for the
      // password; the owner hears of it on the contacts they had, reset links out to the old
      // number die, and outgoing money cools off for a day.
      if (phoneChange.phoneNumber !== undefined) {
        await alertOwner(tx, before, { kind: 'phone_changed' })
        await revokeEmailTokens(tx, before.id, 'password_reset')
        await startCoolingOff(tx, before.id)
      }
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key')) {
      throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN, [
        { path: 'username', message: USERNAME_TAKEN },
      ])
    }
    if (isUniqueViolation(error, 'users_phone_only_key')) {
      throw new AppError('PHONE_TAKEN', PHONE_ACCOUNT_EXISTS, [
        { path: 'phoneNumber', message: PHONE_ACCOUNT_EXISTS },
      ])
    }
    throw error
  }
}

/**
 * Whether the edit changes the account's phone number, which takes a step-up; an edit that may
 * not be made at all is refused here already, before any password is asked.
 */
export function changesPhone(user: UserRow, phoneNumber: string | null | undefined): boolean {
  return phoneChangeOf(user, phoneNumber).phoneNumber !== undefined
}

/** The columns a phone number edit sets: none when it is left out or unchanged. */
function phoneChangeOf(
  user: UserRow,
  phoneNumber: string | null | undefined,
): { phoneNumber?: string | null; phoneVerified?: boolean; phoneVerifiedAt?: null } {
  if (phoneNumber === undefined) return {}
  const next = phoneNumber ?? null
  if (next === user.phoneNumber) return {}
  if (next === null && user.email === null) {
    throw new AppError('VALIDATION_FAILED', PHONE_REQUIRED, [
      { path: 'phoneNumber', message: PHONE_REQUIRED },
    ])
  }
  return { phoneNumber: next, phoneVerified: false, phoneVerifiedAt: null }
}
