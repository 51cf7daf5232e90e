import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { AppError } from '#shared/errors.ts'
import type { UserRow } from './find-user.ts'

/**
 * Complete Verification: the user's BVN or NIN is checked with the registry, and the result
 * is the user's verification status. The number itself is not kept: only which kind it was.
 */
export async function verifyIdentity(
  db: Queryable,
  verifier: IdentityVerifier | undefined,
  user: UserRow,
  input: { idType: 'bvn' | 'nin'; idNumber: string },
): Promise<{ user: UserRow; failureReason: string | null }> {
  if (user.verificationStatus === 'verified') {
    throw new AppError('CONFLICT', 'Your identity is already verified')
  }
  const registry = requireProvider(verifier, 'Identity verification is not available right now')
  const result = await registry.verify(input)
  const now = new Date()
  const [row] = await db
    .update(users)
    .set(
      result.verified
        ? {
            verificationStatus: 'verified',
            verificationIdType: input.idType,
            verifiedAt: now,
            isVerified: true,
            // A verified BVN or NIN is tier 2 (docs/limits.md); a tier-3 user stays tier 3.
            kycTier: sql`greatest(${users.kycTier}, 2)`,
            updatedAt: now,
          }
        : { verificationStatus: 'failed', verificationIdType: input.idType, updatedAt: now },
    )
    .where(eq(users.id, user.id))
    .returning()
  if (!row) throw new AppError('UNAUTHORIZED', 'Unauthorized')
  return { user: row, failureReason: result.verified ? null : result.reason }
}
