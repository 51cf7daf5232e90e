import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import type { MailSender, OutgoingMessage, SmsSender } from './message-senders.ts'

/** At most this many messages share one INSERT. */
const MESSAGES_PER_STATEMENT = 100
/**
 * A statement that is not full waits this long for the other messages of a dispatcher pass,
 * which hands over all of its deliveries at once (src/server/outbox/dispatch-outbox.ts).
 */
const GATHER_MS = 2

type SandboxMessage = {
  messageKey: string
  channel: 'email' | 'sms'
  recipient: string
  subject: string | null
  body: string
}

/**
 * Sandbox mode's e-mail and SMS: nothing leaves the server; each message is kept in
 * `sandbox_messages` for a person to read at /sandbox/outbox (docs/running.md "Sandbox"). The
 * key is unique there, so a message delivered twice is kept once. Messages handed over at the
 * same time (a dispatcher pass hands over all of its deliveries) share one statement and one
 * commit, so a stream of transfers does not cost a round trip per message (docs/performance.md).
 */
export function createSandboxMessageOutbox(db: Database): { mail: MailSender; sms: SmsSender } {
  const batcher = createStatementBatcher(
    async (messages: SandboxMessage[]) => {
      // One parameter for the whole batch: no statement text that grows with it.
      await db.execute(
        sql`insert into sandbox_messages (message_key, channel, recipient, subject, body)
            select m.message_key, m.channel, m.recipient, m.subject, m.body
            from jsonb_to_recordset(${JSON.stringify(
              messages.map((message) => ({
                message_key: message.messageKey,
                channel: message.channel,
                recipient: message.recipient,
                subject: message.subject,
                body: message.body,
              })),
            )}::jsonb) as m(message_key varchar, channel varchar, recipient varchar,
              subject varchar, body text)
            on conflict (message_key) do nothing`,
      )
      return messages.map(() => undefined)
    },
    MESSAGES_PER_STATEMENT,
    { name: 'sandbox_messages', gatherMs: GATHER_MS },
  )
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
