import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { messagingFor } from '#server/providers/messaging.ts'
import type { DeliveryChannels } from './dispatch-outbox.ts'
import { createEmailChannel, createSmsChannel } from './message-channels.ts'

/**
 * The outside channels this server delivers outbox events to, from configuration
 * (docs/notifications.md): e-mail and SMS through their senders; a channel with no sender is
 * left out, and its deliveries are marked skipped.
 */
export function deliveryChannelsFor(config: Config, db: Database): DeliveryChannels {
  const messaging = messagingFor(config, db)
  return {
    ...(messaging.mail ? { email: createEmailChannel(messaging.mail) } : {}),
    ...(messaging.sms ? { sms: createSmsChannel(messaging.sms) } : {}),
  }
}
