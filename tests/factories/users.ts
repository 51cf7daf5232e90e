import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { SignUpRequest } from '#shared/schemas/auth.ts'

/** A valid, unique sign-up body; override any field. */
/** Every test user's password unless a test picks its own: step-ups (issue 32) ask for it. */
export const TEST_PASSWORD = 'correct-horse-battery'

export function buildSignUp(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const suffix = randomBytes(4).toString('hex')
  return {
    email: `user_${suffix}@example.com`,
    password: TEST_PASSWORD,
    firstName: 'Chidi',
    lastName: 'Okeke',
    username: `chidi_${suffix}`,
    ...overrides,
  }
}

/**
 * A user made straight in the database, at a KYC tier (docs/limits.md): tier 3 for tests of
 * other features, so their amounts are not refused by the limits.
 */
export async function signUpAtTier(db: Database, tier: 1 | 2 | 3 = 3) {
  const body = buildSignUp()
  const user = await signUpUser(db, body)
  if (tier !== 1) await db.update(users).set({ kycTier: tier }).where(eq(users.id, user.id))
  // Made with an e-mail, so the address is there (accounts may otherwise have a phone only).
  return { ...user, email: body.email }
}

/**
 * An 11-digit BVN or NIN nobody else in the run has, that the sandbox registry finds and matches
 * to any name: never ending in 0000 (not found), 1111 (someone else's) or 2222 (born another
 * day; docs/account.md "Identity verification").
 */
export function newIdentityNumber(): string {
  for (;;) {
    const number = `2${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`
    if (!['0000', '1111', '2222'].some((tail) => number.endsWith(tail))) return number
  }
}

/** A passport number nobody else in the run has, that the sandbox registry confirms. */
export function newDocumentNumber(): string {
  return `A${String(randomInt(1, 10 ** 8))
    .padStart(8, '0')
    .replace(/0000$/, '0001')}`
}

/**
 * A `POST /api/profile/verification` body with a new number (one number backs one account,
 * docs/security.md "Identity"); override any field.
 */
export function buildVerification(
  overrides: Partial<{
    idType: 'bvn' | 'nin'
    idNumber: string
    firstName: string
    lastName: string
    dateOfBirth: string
  }> = {},
) {
  return {
    idType: 'bvn' as 'bvn' | 'nin',
    idNumber: newIdentityNumber(),
    firstName: 'Chidi',
    lastName: 'Okeke',
    dateOfBirth: '1990-05-17',
    ...overrides,
  }
}

/** Where this process's numbers start; each next one is the one after, so none repeats. */
let nextPhoneDigits = randomInt(0, 10_000_000)

/**
 * A valid Nigerian mobile number nobody else in the process has (0803 plus seven digits). The
 * digits count up from a random start: drawn at random each time, two of a suite's thousand
 * numbers met often enough to fail a test (the birthday problem) on the users' unique index.
 */
export function newPhoneNumber(): string {
  nextPhoneDigits = (nextPhoneDigits + 1) % 10_000_000
  return `+234803${String(nextPhoneDigits).padStart(7, '0')}`
}

/**
 * Gives a user a new number straight in the database, verified or not, as the phone-number
 * feature leaves it (E.164 in users.phone_number; docs/phone-numbers.md), and answers it.
 */
export async function givePhoneNumber(
  db: Database,
  userId: string,
  { verified }: { verified: boolean },
): Promise<string> {
  const phoneNumber = newPhoneNumber()
  await db.update(users).set({ phoneNumber, phoneVerified: verified }).where(eq(users.id, userId))
  return phoneNumber
}
