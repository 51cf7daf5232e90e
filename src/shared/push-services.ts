/**
 * The browser push services a subscription's endpoint may be on (docs/notifications.md "Web
 * Push"): the server POSTs to the endpoint, so an endpoint anywhere else would have it call
 * hosts an attacker picks, internal services included (issue 32).
 *
 * - Google's Firebase Cloud Messaging (Chrome, Edge on Android, most Android browsers);
 * - Mozilla's autopush (Firefox);
 * - Apple's Web Push (Safari on macOS and iOS), on `web.push.apple.com` and its regional hosts;
 * - Microsoft's Windows Push Notification Services (Edge on Windows), on `*.notify.windows.com`.
 */
const EXACT_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com'])
const HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com']

/** Whether `endpoint` is an https URL on port 443 of a known push service, by name. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false
  if (url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  if (EXACT_HOSTS.has(host)) return true
  return HOST_SUFFIXES.some(
    (suffix) => host.endsWith(suffix) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host),
  )
}
