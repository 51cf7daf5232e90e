import { and, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { findUserById, type UserRow } from '#server/users/find-user.ts'
import { hashIdentityNumber, type IdentityNumberKey } from '#server/users/identity-number-key.ts'
import { claimIdentityNumber, findIdentityNumberOwner } from '#server/users/identity-numbers.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import type { VerificationRequest } from '#shared/schemas/account.ts'

/** The refusal of a number that already backs another account (docs/security.md "Identity"). */
function alreadyLinked(idType: VerificationRequest['idType']): AppError {
  return idType === 'bvn'
    ? new AppError('CONFLICT', msg('bvnAlreadyLinkedAnother'))
    : new AppError('CONFLICT', msg('ninAlreadyLinkedAnother'))
}

/**
 * Complete Verification (docs/account.md "Identity verification"): the registry checks that the
 * BVN or NIN is the person's, by legal name and date of birth, and a match raises the account to
 * tier 2. A number backs one account only: it is kept as a keyed hash in `identity_numbers`,
 * never as itself, and claimed in the same transaction that raises the tier, so of two accounts
 * racing for one number exactly one is verified. A number another account holds is refused
 * before the registry is asked (a lookup that must fail is not paid for). A mismatch or unknown
 * number keeps nothing but the failed status, and answers the registry's reason.
 */
export async function verifyIdentity(
  db: Queryable,
  deps: { verifier: IdentityVerifier | undefined; identityKey: IdentityNumberKey },
  user: UserRow,
  input: VerificationRequest,
): Promise<{ user: UserRow; failureReason: Message | string | null }> {
  if (user.verificationStatus === 'verified') {
    throw new AppError('CONFLICT', msg('identityAlreadyVerified'))
  }
  const registry = requireProvider(deps.verifier, msg('identityVerificationNotAvailable'))
  const numberHash = hashIdentityNumber(deps.identityKey, input)
  const owner = await findIdentityNumberOwner(db, numberHash)
  if (owner !== undefined && owner !== user.id) throw alreadyLinked(input.idType)

  const result = await registry.verify({
    idType: input.idType,
    idNumber: input.idNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth,
  })
  const now = new Date()
  // Never turns a verified account back to failed: an attempt that lost a race to a match
  // from another tab leaves the match standing.
  const notVerified = and(eq(users.id, user.id), ne(users.verificationStatus, 'verified'))
  if (!result.verified) {
    const [row] = await db
      .update(users)
      .set({ verificationStatus: 'failed', verificationIdType: input.idType, updatedAt: now })
      .where(notVerified)
      .returning()
    const current = row ?? (await findUserById(db, user.id))
    if (!current) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    return { user: current, failureReason: result.reason }
  }

  const row = await db.transaction(async (tx) => {
    const claimed = await claimIdentityNumber(tx, {
      numberHash,
      userId: user.id,
      idType: input.idType,
    })
    if (!claimed) throw alreadyLinked(input.idType)
    const [updated] = await tx
      .update(users)
      .set({
        verificationStatus: 'verified',
        verificationIdType: input.idType,
        verifiedAt: now,
        isVerified: true,
        // A verified BVN or NIN is tier 2 (docs/limits.md); a tier-3 user stays tier 3.
        kycTier: sql`greatest(${users.kycTier}, 2)`,
        updatedAt: now,
      })
      .where(notVerified)
      .returning()
    // Verified meanwhile with another number (two tabs): this one is not kept either.
    if (!updated) throw new AppError('CONFLICT', msg('identityAlreadyVerified'))
    return updated
  })
  return { user: row, failureReason: null }
}
