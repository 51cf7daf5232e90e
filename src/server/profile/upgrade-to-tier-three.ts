import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { kycDocuments, users } from '#server/db/schema.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { hashIdentityNumber, type IdentityNumberKey } from '#server/users/identity-number-key.ts'
import { claimIdentityNumber, findIdentityNumberOwner } from '#server/users/identity-numbers.ts'
import { AppError, englishMessage, msg } from '#shared/errors.ts'
import type { TierThreeRequest, TierThreeStatus } from '#shared/schemas/limits.ts'

const DOCUMENT_TAKEN = msg('documentAlreadyLinkedAnother')

/**
 * Tier 3 (docs/limits.md "Tier 3"): a tier-2 user's identity document and address. A registry
 * that checks documents at once (the sandbox's) answers now: a failure says why and can be
 * retried. One that cannot (Smile ID's Enhanced KYC checks numbers, not documents and
 * addresses) sends the attempt to the compliance review queue instead: `in_review`, the tier
 * unchanged until compliance approves it in the operations console. Every attempt is recorded
 * with the document's last four characters only; one waits in review at a time.
 *
 * A document backs one account only, as a BVN or NIN does (docs/security.md "Identity"): one
 * another account holds is refused before the provider is asked, and the document's keyed hash
 * is claimed in the transaction that raises the tier or queues the review, so a race has one
 * winner.
 */
export async function upgradeToTierThree(
  db: Queryable,
  deps: { verifier: IdentityVerifier | undefined; identityKey: IdentityNumberKey },
  userId: string,
  input: TierThreeRequest,
): Promise<{ status: TierThreeStatus; failureReason: string | null }> {
  const [user] = await db
    .select({ tier: users.kycTier })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  if (user.tier >= 3) throw new AppError('CONFLICT', msg('accountAlreadyTier3'))
  if (user.tier < 2) {
    throw new AppError('FORBIDDEN', msg('verifyBvnNinFirst'))
  }
  const registry = requireProvider(deps.verifier, msg('identityVerificationNotAvailable'))
  if (await hasDocumentInReview(db, userId)) {
    throw new AppError('CONFLICT', msg('documentAlreadyInReview'))
  }
  const numberHash = hashIdentityNumber(deps.identityKey, {
    idType: input.documentType,
    idNumber: input.documentNumber,
  })
  const owner = await findIdentityNumberOwner(db, numberHash)
  if (owner !== undefined && owner !== userId) throw new AppError('CONFLICT', DOCUMENT_TAKEN)
  const address = {
    line: input.address.line,
    city: input.address.city,
    state: input.address.state,
    country: input.address.country.toUpperCase(),
  }
  const attempt = {
    userId,
    documentType: input.documentType,
    documentNumberLast4: input.documentNumber.slice(-4),
    addressLine: address.line,
    city: address.city,
    state: address.state,
    country: address.country,
  }
  const claim = { numberHash, userId, idType: input.documentType }

  if (!registry.verifyDocument) {
    await db.transaction(async (tx) => {
      if (!(await claimIdentityNumber(tx, claim))) throw new AppError('CONFLICT', DOCUMENT_TAKEN)
      // The unique index of one review per user decides two submissions at once.
      const queued = await tx
        .insert(kycDocuments)
        .values({ ...attempt, status: 'in_review', failureReason: null })
        .onConflictDoNothing()
        .returning({ id: kycDocuments.id })
      if (queued.length === 0) throw new AppError('CONFLICT', msg('documentAlreadyInReview'))
    })
    return { status: 'in_review', failureReason: null }
  }

  const result = await registry.verifyDocument({
    documentType: input.documentType,
    documentNumber: input.documentNumber,
    address,
  })
  const failureReason = result.verified
    ? null
    : (typeof result.reason === 'string' ? result.reason : englishMessage(result.reason)).slice(
        0,
        200,
      )
  await db.transaction(async (tx) => {
    await tx.insert(kycDocuments).values({
      ...attempt,
      status: result.verified ? 'verified' : 'failed',
      failureReason,
    })
    if (result.verified) {
      const claimed = await claimIdentityNumber(tx, claim)
      if (!claimed) throw new AppError('CONFLICT', DOCUMENT_TAKEN)
      const raised = await tx
        .update(users)
        .set({ kycTier: 3, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.kycTier, 2)))
        .returning({ id: users.id })
      // Raised meanwhile with another document (two tabs): this one is not kept either.
      if (raised.length === 0) throw new AppError('CONFLICT', msg('accountAlreadyTier3'))
    }
  })
  return { status: result.verified ? 'verified' : 'failed', failureReason }
}

/** Whether the user has a tier-3 document waiting for compliance (docs/limits.md "Tier 3"). */
async function hasDocumentInReview(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.status, 'in_review')))
    .limit(1)
  return row !== undefined
}
