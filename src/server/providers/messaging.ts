import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { createHttpSmsSender } from './http-sms-sender.ts'
import type { MailSender, SmsSender } from './message-senders.ts'
import { createSandboxMessageOutbox } from './sandbox-message-outbox.ts'
import { createSmtpMailSender } from './smtp-mail-sender.ts'

export type Messaging = { mail?: MailSender | undefined; sms?: SmsSender | undefined }

/**
 * E-mail and SMS as configuration asks, chosen once at start-up like the other providers
 * (providers.ts): SMTP when `SMTP_URL` is set and the HTTP SMS gateway when `SMS_API_URL` is,
 * else the sandbox outbox in sandbox mode, else none. Without a sender, that channel's
 * deliveries are marked skipped.
 */
export function messagingFor(config: Config, db: Database): Messaging {
  const sandbox = config.sandbox ? createSandboxMessageOutbox(db) : undefined
  return {
    mail: config.smtpUrl ? createSmtpMailSender(config.smtpUrl, config.mailFrom) : sandbox?.mail,
    sms: config.sms ? createHttpSmsSender(config.sms) : sandbox?.sms,
  }
}
