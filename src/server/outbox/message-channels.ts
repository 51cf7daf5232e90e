import { renderDeliveredMessage } from '#server/notifications/render-message.ts'
import type { MailSender, SmsSender } from '#server/providers/message-senders.ts'
import type { DeliveryChannel } from './dispatch-outbox.ts'

/**
 * E-mail for outbox events: to the account's address, in the user's language. The message key
 * is the event and the channel, so a second delivery of one event is the same message.
 */
export function createEmailChannel(mail: MailSender, publicUrl: string): DeliveryChannel {
  return {
    async deliver(delivery) {
      const to = delivery.recipient.email
      // An account made with a phone number only has no address to write to.
      if (!to) return 'skipped'
      const message = renderDeliveredMessage(
        delivery.data,
        delivery.recipient.settings.language,
        publicUrl,
      )
      await mail.send({
        key: `${delivery.eventId}:email`,
        to,
        subject: message.title,
        text: message.text,
      })
      return 'sent'
    },
  }
}

/** SMS for outbox events: to the account's phone number when it has a verified one. */
export function createSmsChannel(sms: SmsSender, publicUrl: string): DeliveryChannel {
  return {
    async deliver(delivery) {
      const phone = delivery.recipient.phoneNumber
      if (!phone) return 'skipped'
      const message = renderDeliveredMessage(
        delivery.data,
        delivery.recipient.settings.language,
        publicUrl,
      )
      await sms.send({
        key: `${delivery.eventId}:sms`,
        to: phone,
        subject: message.title,
        text: `Sabi: ${message.text}`,
      })
      return 'sent'
    },
  }
}
