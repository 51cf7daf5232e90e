import { desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { sandboxMessages } from '#server/db/schema.ts'
import { looksLikePhoneNumber, toE164 } from '#shared/phone-numbers.ts'
import type { SandboxMessage } from '#shared/schemas/notifications.ts'

/** How many messages the sandbox outbox shows for one address, newest first. */
export const SANDBOX_OUTBOX_LIMIT = 50

/** What sandbox mode "sent" to an e-mail address or phone number (docs/running.md "Sandbox"). */
export async function listSandboxMessages(db: Queryable, to: string): Promise<SandboxMessage[]> {
  // SMS go to E.164 numbers; a number written any other common way finds them too.
  const phoneNumber = looksLikePhoneNumber(to) ? toE164(to.trim()) : undefined
  const recipient = phoneNumber ?? to.trim().toLowerCase()
  const rows = await db
    .select()
    .from(sandboxMessages)
    .where(eq(sql`lower(${sandboxMessages.recipient})`, recipient.toLowerCase()))
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(SANDBOX_OUTBOX_LIMIT)
  return rows.map((row) => ({
    channel: row.channel === 'sms' ? 'sms' : 'email',
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  }))
}
