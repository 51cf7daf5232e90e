import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { identityNumbers } from '#server/db/schema.ts'

/**
 * Which account an identity number backs (docs/security.md "Identity"), by its keyed hash
 * (identity-number-key.ts); undefined when none does yet.
 */
export async function findIdentityNumberOwner(
  db: Queryable,
  numberHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: identityNumbers.userId })
    .from(identityNumbers)
    .where(eq(identityNumbers.numberHash, numberHash))
    .limit(1)
  return row?.userId
}

/**
 * Binds an identity number to the account, inside the transaction that raises its tier. The
 * primary key decides a race: of two accounts claiming one number, the second waits for the
 * first to commit and then finds the number taken. Answers whether the number is this
 * account's now (claimed here, or already its own).
 */
export async function claimIdentityNumber(
  tx: Queryable,
  claim: { numberHash: string; userId: string; idType: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(identityNumbers)
    .values(claim)
    .onConflictDoNothing({ target: identityNumbers.numberHash })
    .returning({ userId: identityNumbers.userId })
  if (inserted.length > 0) return true
  return (await findIdentityNumberOwner(tx, claim.numberHash)) === claim.userId
}
