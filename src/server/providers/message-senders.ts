/**
 * A message to one person by e-mail or SMS. `key` names it for good (an event id and the
 * channel, or a one-off message's own id): a sender handed the same key twice must deliver it
 * once, or let the receiving end drop the copy (docs/notifications.md "Delivery").
 */
export type OutgoingMessage = { key: string; to: string; subject: string; text: string }

/** Sends e-mail: SMTP (smtp-mail-sender.ts) or the sandbox outbox (sandbox-message-outbox.ts). */
export type MailSender = { send(message: OutgoingMessage): Promise<void> }

/** Sends SMS to an E.164 number: an HTTP gateway (http-sms-sender.ts) or the sandbox outbox. */
export type SmsSender = { send(message: OutgoingMessage): Promise<void> }
