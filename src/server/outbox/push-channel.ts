import type { Agent } from 'node:https'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Database } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema.ts'
import { listPushSubscriptions } from '#server/notifications/push-subscriptions.ts'
import { renderEventMessage } from '#server/notifications/render-message.ts'
import type { VapidKeys } from '#server/vapid-keys.ts'
import { notificationPathOf } from '#shared/notification-target.ts'
import type { DeliveryChannel } from './dispatch-outbox.ts'

/** A push not delivered within a day is no longer news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60
const PUSH_TIMEOUT_MS = 10_000

/** What the service worker shows (src/client/service-worker/sw.ts). */
export type PushPayload = { id: string; title: string; body: string; url: string }

/**
 * Web Push for outbox events, to every browser the user subscribed, encrypted for each
 * (RFC 8291) and signed with the VAPID keys. The event id is the push's Topic, so a push service
 * holding an undelivered copy replaces it, and the service worker's notification tag, so a copy
 * that does arrive replaces the first on screen: a duplicate is shown once. A subscription the
 * push service says is gone (404, 410) is forgotten.
 */
export function createPushChannel(
  db: Database,
  vapid: VapidKeys,
  /** The HTTPS agent for push services (a proxy's, or one trusting a test's certificate). */
  options: { agent?: Agent } = {},
): DeliveryChannel {
  return {
    async deliver(delivery) {
      const subscriptions = await listPushSubscriptions(db, delivery.recipient.userId)
      if (subscriptions.length === 0) return 'skipped'
      const message = renderEventMessage(delivery.data, delivery.recipient.settings.language)
      const payload: PushPayload = {
        id: delivery.eventId,
        title: message.title,
        body: message.text,
        // A tap opens the transaction itself (or the report about one); an alert about the
        // account opens the settings.
        url: notificationPathOf(delivery.data) ?? '/settings',
      }
      // Every browser at once: a slow push service delays its own browser only, never the
      // user's others, and the whole delivery takes at most one timeout (issue 32).
      const results = await Promise.allSettled(
        subscriptions.map((subscription) =>
          webpush.sendNotification(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            JSON.stringify(payload),
            {
              vapidDetails: vapid,
              TTL: PUSH_TTL_SECONDS,
              topic: delivery.eventId.replace(/-/g, ''),
              urgency: 'high',
              timeout: PUSH_TIMEOUT_MS,
              ...(options.agent ? { agent: options.agent } : {}),
            },
          ),
        ),
      )
      let failure: unknown
      for (const [index, result] of results.entries()) {
        if (result.status === 'fulfilled') continue
        const error: unknown = result.reason
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined
        const subscription = subscriptions[index]
        if ((status === 404 || status === 410) && subscription) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
        } else {
          failure = error
        }
      }
      // Tried again later; the browsers that got it will replace the copy by its tag.
      if (failure !== undefined) throw failure
      return 'sent'
    },
  }
}
