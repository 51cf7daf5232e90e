import { hashPassword } from '#server/credentials/passwords.ts'
import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { users } from '#server/db/schema.ts'
import { isPhoneHeldByAnother } from '#server/phone/find-phone-owner.ts'
import { PHONE_TAKEN_MESSAGE } from '#server/phone/send-phone-verification.ts'
import { findUserByEmail, findUserByUsername, type UserRow } from '#server/users/find-user.ts'
import { openDefaultWallets } from '#server/wallets/open-default-wallets.ts'
import { AppError, msg } from '#shared/errors.ts'
import { phoneCountryOf } from '#shared/phone-numbers.ts'
import type { SignUpBody } from '#shared/schemas/credentials.ts'

const EMAIL_TAKEN = msg('accountEmailAlreadyExists')
const USERNAME_TAKEN = msg('usernameAlreadyTaken')
const PHONE_ACCOUNT_EXISTS = msg('accountPhoneNumberAlready')

/**
 * Creates an account with its default wallets in one transaction (the primary one in the
 * currency of its country), with an e-mail, a phone
 * number (E.164, not yet verified) or both (docs/phone-numbers.md "Signing up"). A used e-mail
 * or username is a typed conflict, also when two sign-ups race for it (the unique indexes
 * decide). So is a number another account verified, and, for an account without an e-mail, a
 * number another such account signs in with.
 */
export async function signUpUser(db: Queryable, input: SignUpBody): Promise<UserRow> {
  const email = input.email ?? null
  const phoneNumber = input.phoneNumber ?? null
  // A sign-up that names no country lives where its phone number does (docs/account.md
  // "Country and currency"); with neither, the account has no country.
  const country = input.country ?? (phoneNumber ? phoneCountryOf(phoneNumber) : undefined) ?? null
  if (email && (await findUserByEmail(db, email))) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN)
  if (await findUserByUsername(db, input.username))
    throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN)
  if (phoneNumber) {
    const phoneOnly = email === null
    if (await isPhoneHeldByAnother(db, phoneNumber, undefined, { includePhoneOnly: phoneOnly })) {
      throw phoneTaken(phoneOnly)
    }
  }
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          phoneNumber,
          country,
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
        })
        .returning()
      if (!user) throw new Error('insert into users returned no row')
      await openDefaultWallets(tx, user.id, country)
      return user
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key'))
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN)
    if (isUniqueViolation(error, 'users_username_lower_key'))
      throw new AppError('USERNAME_TAKEN', USERNAME_TAKEN)
    if (isUniqueViolation(error, 'users_phone_only_key')) throw phoneTaken(true)
    throw error
  }
}

function phoneTaken(phoneOnly: boolean): AppError {
  const message = phoneOnly ? PHONE_ACCOUNT_EXISTS : PHONE_TAKEN_MESSAGE
  return new AppError('PHONE_TAKEN', message, [{ path: 'phoneNumber', message }])
}
