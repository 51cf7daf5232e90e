import type { Queryable } from '#server/db/client.ts'
import { renderTemplate } from '#server/notifications/render-message.ts'
import type { MailSender } from '#server/providers/message-senders.ts'
import { readSettings } from '#server/settings/user-settings.ts'

/**
 * Sends a reset or verification link in the user's language. These go straight to the mail
 * sender, not through the outbox: the outbox would keep the link's token in the clear, and a
 * lost link is simply asked for again (docs/notifications.md "Links by e-mail").
 */
export async function sendEmailLink(
  db: Queryable,
  mail: MailSender,
  input: {
    userId: string
    to: string
    template: 'password_reset' | 'verify_email'
    link: string
    key: string
  },
): Promise<void> {
  const { language } = await readSettings(db, input.userId)
  const message = renderTemplate(input.template, language, { link: input.link })
  await mail.send({ key: input.key, to: input.to, subject: message.title, text: message.text })
}
