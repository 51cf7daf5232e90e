import { randomBytes } from 'node:crypto'
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
  const user = await signUpUser(db, buildSignUp())
  if (tier !== 1) await db.update(users).set({ kycTier: tier }).where(eq(users.id, user.id))
  return user
}
