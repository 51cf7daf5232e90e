import type { Database } from '#server/db/client.ts'
import type { Messaging } from '#server/providers/messaging.ts'
import type { VapidKeys } from '#server/vapid-keys.ts'
import type { DeliveryChannels } from './dispatch-outbox.ts'
import { createEmailChannel, createSmsChannel } from './message-channels.ts'
import { createPushChannel } from './push-channel.ts'

/**
 * The outside channels this server delivers outbox events to, from configuration
 * (docs/notifications.md): Web Push with the VAPID keys, e-mail and SMS through their senders;
 * a channel with no keys or sender is left out, and its deliveries are marked skipped.
 */
export function deliveryChannelsFor(
  messaging: Messaging,
  db: Database,
  vapid?: VapidKeys,
  /** Where the app is served: the address of a security alert's "This wasn't me" link. */
  publicUrl = '',
): DeliveryChannels {
  return {
    ...(vapid ? { push: createPushChannel(db, vapid) } : {}),
    ...(messaging.mail ? { email: createEmailChannel(messaging.mail, publicUrl) } : {}),
    ...(messaging.sms ? { sms: createSmsChannel(messaging.sms, publicUrl) } : {}),
  }
}
