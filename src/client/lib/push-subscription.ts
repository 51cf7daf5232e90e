import { apiRequest } from '#client/lib/api.ts'
import { pushKeySchema } from '#shared/schemas/notifications.ts'

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index)
  return bytes
}

/** The service worker's push manager, when this browser has both; undefined otherwise. */
async function pushManager(): Promise<PushManager | undefined> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return undefined
  // getRegistration answers at once (ready would wait for ever where no worker registers).
  const registration = await navigator.serviceWorker.getRegistration()
  return registration?.pushManager
}

/**
 * Subscribes this browser to Web Push for the signed-in user (docs/notifications.md "Web Push"),
 * asking the person's permission first. Returns whether it is subscribed.
 */
export async function subscribeThisBrowser(): Promise<boolean> {
  const manager = await pushManager()
  if (!manager || typeof Notification === 'undefined') return false
  if ((await Notification.requestPermission()) !== 'granted') return false
  const { publicKey } = pushKeySchema.parse(await apiRequest('GET', '/api/push/key'))
  if (!publicKey) return false
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON())
  return true
}

/** Ends this browser's push subscription, here and on the server. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await (await pushManager())?.getSubscription()
  if (!subscription) return
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint })
  await subscription.unsubscribe()
}
