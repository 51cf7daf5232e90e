import { and, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { recipients } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  RECENT_RECIPIENTS_LIMIT,
  type Recipient,
  type RecipientKind,
} from '#shared/schemas/recipients.ts'

/** The user's own saved recipients, most recently paid first. */
export async function listRecipients(
  db: Queryable,
  userId: string,
  kind?: RecipientKind,
  limit = RECENT_RECIPIENTS_LIMIT,
): Promise<Recipient[]> {
  const rows = await db
    .select()
    .from(recipients)
    .where(
      kind
        ? and(eq(recipients.userId, userId), eq(recipients.kind, kind))
        : eq(recipients.userId, userId),
    )
    .orderBy(desc(recipients.lastUsedAt))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'international' ? 'international' : 'bank',
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    accountNumber: row.accountNumber,
    bankCode: row.bankCode,
    countryCode: row.countryCode,
    details: stringFieldsOf(row.details),
    isFrequent: row.isFrequent,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }))
}

/** Forgets one of the user's recipients; anyone else's is "not found". */
export async function deleteRecipient(db: Queryable, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(recipients)
    .where(and(eq(recipients.id, id), eq(recipients.userId, userId)))
    .returning({ id: recipients.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', msg('recipientNotFound'))
}
