import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { SignUpRequest } from '#shared/schemas/auth.ts'

/** A valid, unique sign-up body; override any field. */
export function buildSignUp(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const suffix = randomBytes(4).toString('hex')
  return {
    email: `user_${suffix}@example.com`,
    password: 'correct-horse-battery',
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

/** A valid Nigerian mobile number nobody else in the run has (0803 plus seven random digits). */
export function newPhoneNumber(): string {
  return `+234803${String(randomInt(0, 10_000_000)).padStart(7, '0')}`
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
