import type { Database } from '#server/db/client.ts'
import { sandboxMessages } from '#server/db/schema.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import type { MailSender, OutgoingMessage, SmsSender } from './message-senders.ts'

/** At most this many messages share one INSERT. */
const MESSAGES_PER_STATEMENT = 100

/**
 * Sandbox mode's e-mail and SMS: nothing leaves the server; each message is kept in
 * `sandbox_messages` for a person to read at /sandbox/outbox (docs/running.md "Sandbox"). The
 * key is unique there, so a message delivered twice is kept once. Messages handed over at the
 * same time (the dispatcher sends several at once) share one statement and one commit, so a
 * stream of transfers does not cost a commit per message (docs/performance.md).
 */
export function createSandboxMessageOutbox(db: Database): { mail: MailSender; sms: SmsSender } {
  const batcher = createStatementBatcher(async (rows: (typeof sandboxMessages.$inferInsert)[]) => {
    await db
      .insert(sandboxMessages)
      .values(rows)
      .onConflictDoNothing({ target: sandboxMessages.messageKey })
    return rows.map(() => undefined)
  }, MESSAGES_PER_STATEMENT, { name: 'sandbox_messages' })
  const keep = (channel: 'email' | 'sms') => (message: OutgoingMessage) =>
    batcher.submit({
      messageKey: message.key.slice(0, 80),
      channel,
      recipient: message.to,
      subject: channel === 'email' ? message.subject.slice(0, 200) : null,
      body: message.text,
    })
  return { mail: { send: keep('email') }, sms: { send: keep('sms') } }
}
