import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbTransaction } from '#server/db/client.ts'
import { recipients } from '#server/db/schema.ts'
import { FREQUENT_RECIPIENT_USES, RECIPIENT_KINDS } from '#shared/schemas/recipients.ts'

/**
 * Who a payout went to, kept with the payout until it settles. It is read back from the
 * payout's JSON details, so it is parsed rather than trusted.
 */
export const recipientDraftSchema = z.object({
  kind: z.enum(RECIPIENT_KINDS),
  name: z.string().min(1).max(100),
  email: z.string().max(254).optional(),
  phoneNumber: z.string().max(20).optional(),
  accountNumber: z.string().max(40).optional(),
  bankCode: z.string().max(20).optional(),
  countryCode: z.string().length(2).optional(),
  details: z.record(z.string(), z.string().max(200)).optional(),
})
export type RecipientDraft = z.infer<typeof recipientDraftSchema>

/** Two transfers go to "the same recipient" when bank, country, method and account agree. */
function fingerprintOf(draft: RecipientDraft): string {
  const account = draft.accountNumber ?? draft.phoneNumber ?? draft.name.toLowerCase()
  return [draft.bankCode ?? '', draft.countryCode ?? '', draft.details?.method ?? '', account]
    .join('|')
    .slice(0, 200)
}

/**
 * Saves a recipient after a transfer to them settles, or, if the user has paid them before,
 * brings them to the top with the name used this time and counts the use.
 */
export async function saveRecipient(
  tx: DbTransaction,
  userId: string,
  draft: RecipientDraft,
  now = new Date(),
): Promise<void> {
  await tx
    .insert(recipients)
    .values({
      userId,
      kind: draft.kind,
      fingerprint: fingerprintOf(draft),
      name: draft.name,
      email: draft.email ?? null,
      phoneNumber: draft.phoneNumber ?? null,
      accountNumber: draft.accountNumber ?? null,
      bankCode: draft.bankCode ?? null,
      countryCode: draft.countryCode ?? null,
      details: draft.details ?? {},
      lastUsedAt: now,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [recipients.userId, recipients.kind, recipients.fingerprint],
      set: {
        name: draft.name,
        email: draft.email ?? null,
        phoneNumber: draft.phoneNumber ?? null,
        details: draft.details ?? {},
        useCount: sql`${recipients.useCount} + 1`,
        isFrequent: sql`${recipients.useCount} + 1 >= ${FREQUENT_RECIPIENT_USES}`,
        lastUsedAt: now,
      },
    })
}
