import { and, eq, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { identityNumbers, kycDocuments, users } from '#server/db/schema.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { AppError, msg } from '#shared/errors.ts'

type DocumentRow = typeof kycDocuments.$inferSelect

async function inReview(tx: Queryable, id: string): Promise<DocumentRow> {
  const [row] = await tx
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.status, 'in_review')))
    .for('update')
  if (!row) throw new AppError('NOT_FOUND', msg('opsReviewNotFound'))
  return row
}

/**
 * Compliance approves a tier-3 document (docs/limits.md "Tier 3"): the document is verified and
 * a tier-2 customer reaches tier 3. The customer is told.
 */
export async function approveKycReview(tx: Queryable, id: string): Promise<DocumentRow> {
  const document = await inReview(tx, id)
  const now = new Date()
  await tx.update(kycDocuments).set({ status: 'verified' }).where(eq(kycDocuments.id, id))
  await tx
    .update(users)
    .set({ kycTier: sql`greatest(${users.kycTier}, 3)`, updatedAt: now })
    .where(eq(users.id, document.userId))
  await recordEvent(tx, {
    userId: document.userId,
    data: { kind: 'identity_review', outcome: 'approved' },
  })
  return document
}

/**
 * Compliance rejects a tier-3 document with the reason the customer reads: the attempt is
 * failed, the customer stays at tier 2, and the document no longer backs their account, so it
 * can be sent again (or by its real owner).
 */
export async function rejectKycReview(
  tx: Queryable,
  id: string,
  reason: string,
): Promise<DocumentRow> {
  const document = await inReview(tx, id)
  await tx
    .update(kycDocuments)
    .set({ status: 'failed', failureReason: reason.slice(0, 200) })
    .where(eq(kycDocuments.id, id))
  await tx
    .delete(identityNumbers)
    .where(
      and(
        eq(identityNumbers.userId, document.userId),
        eq(identityNumbers.idType, document.documentType),
      ),
    )
  await recordEvent(tx, {
    userId: document.userId,
    data: { kind: 'identity_review', outcome: 'rejected', reason: reason.slice(0, 200) },
  })
  return document
}
