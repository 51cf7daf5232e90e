import type { Database } from '#server/db/client.ts'
import { sandboxMessages } from '#server/db/schema.ts'
import type { MailSender, OutgoingMessage, SmsSender } from './message-senders.ts'

/**
 * Sandbox mode's e-mail and SMS: nothing leaves the server; each message is kept in
 * `sandbox_messages` for a person to read at /sandbox/outbox (docs/running.md "Sandbox"). The
 * key is unique there, so a message delivered twice is kept once.
 */
export function createSandboxMessageOutbox(db: Database): { mail: MailSender; sms: SmsSender } {
  const keep = (channel: 'email' | 'sms') => async (message: OutgoingMessage) => {
    await db
      .insert(sandboxMessages)
      .values({
        messageKey: message.key.slice(0, 80),
        channel,
        recipient: message.to,
        subject: channel === 'email' ? message.subject.slice(0, 200) : null,
        body: message.text,
      })
      .onConflictDoNothing({ target: sandboxMessages.messageKey })
  }
  return { mail: { send: keep('email') }, sms: { send: keep('sms') } }
}
