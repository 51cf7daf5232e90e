import nodemailer from 'nodemailer'
import type { MailSender } from './message-senders.ts'

/** Every SMTP exchange has a limit: a stuck mail server must not hold a delivery for ever. */
const SMTP_TIMEOUT_MS = 10_000
/** Messages waiting beyond these connections queue in the pool. */
const SMTP_CONNECTIONS_MAX = 5

/**
 * E-mail over SMTP (`SMTP_URL`, e.g. `smtps://user:password@mail.example.com`) with nodemailer.
 * The Message-ID is made from the message's key, so a message sent twice (the dispatcher is at
 * least once) carries one id, which mail systems use to drop the copy.
 */
export function createSmtpMailSender(
  smtpUrl: string,
  from: string,
): MailSender & { close(): void } {
  const url = new URL(smtpUrl)
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    // A few connections, reused: the dispatcher hands over a pass's messages all at once, and a
    // mail server should see them arrive over a handful of connections, not one each.
    pool: true,
    maxConnections: SMTP_CONNECTIONS_MAX,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'sabi.app'
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: `<${message.key.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`,
      })
    },
    close: () => transport.close(),
  }
}
