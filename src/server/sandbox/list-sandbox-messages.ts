import { desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { sandboxMessages } from '#server/db/schema.ts'
import type { SandboxMessage } from '#shared/schemas/notifications.ts'

/** How many messages the sandbox outbox shows for one address, newest first. */
export const SANDBOX_OUTBOX_LIMIT = 50

/** What sandbox mode "sent" to an e-mail address or phone number (docs/running.md "Sandbox"). */
export async function listSandboxMessages(db: Queryable, to: string): Promise<SandboxMessage[]> {
  const rows = await db
    .select()
    .from(sandboxMessages)
    .where(eq(sql`lower(${sandboxMessages.recipient})`, to.trim().toLowerCase()))
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
