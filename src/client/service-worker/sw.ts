/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

/**
 * Sabi's service worker (docs/offline.md "The service worker",
 * docs/decisions/007-offline-reading-cache.md). It precaches the shell only: the app's page with
 * its theme script and stylesheet. Every other file is hashed, so it is kept the
 * first time it is used and never fetched again; a first visit pays for nothing it did not open.
 * API answers never pass through here: the app keeps the signed-in user's own (lib/offline-cache.ts).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[]
}

const ASSETS_CACHE = 'assets'
const PAGES_CACHE = 'pages'
const APP_PAGE = '/index.html'
/** A page load waits this long for the network before a saved copy answers. */
const NETWORK_TIMEOUT_SECONDS = 3

// A new version takes over open pages at once: hashed files of the old one stay in the cache for
// pages still using them until they expire.
void self.skipWaiting()
clientsClaim()
// Only the precached files' own URLs: `/` is never answered with index.html, since the server
// chooses the page there (ADR 003), and `/landing` is not a page.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

function isOwnAsset(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/')
}

const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
})
// Scripts, styles and catalogs: the hash in the name is the version, so the cache is always right.
registerRoute(({ url }) => isOwnAsset(url), assets)

// Icons and the manifest, when the browser first asks for them.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    (request.destination === 'image' || request.destination === 'manifest'),
  new CacheFirst({
    cacheName: 'static',
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
)

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [new ExpirationPlugin({ maxEntries: 20 })],
})

/** Whether this device has the app's own script, so that the app page can run offline. */
async function appCanStart(): Promise<boolean> {
  const page = await matchPrecache(APP_PAGE)
  if (!page) return false
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(await page.text())?.[1]
  if (!entry) return false
  return (await caches.match(new URL(entry, self.location.origin).href)) !== undefined
}

/**
 * The page when neither the network nor a saved copy of this URL answers: the app, which shows
 * the user's stored data or its own offline screen; or, on a device that never ran the app (a
 * visitor who saw only the landing page), the landing page as it was last seen, rather than a
 * blank screen. It is not precached: a visitor would pay for it twice on the first visit.
 */
async function offlinePage(): Promise<Response> {
  const page = (await appCanStart())
    ? await matchPrecache(APP_PAGE)
    : // `/` varies by cookie and language (ADR 003); any copy beats none offline.
      await caches.match('/', { cacheName: PAGES_CACHE, ignoreVary: true })
  return page ?? Response.error()
}

// The server chooses the page at `/` by session and language (ADR 003), so pages go to the
// network first and a copy answers only offline or on a network too slow to wait for.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async (options) => {
    try {
      return await pages.handle(options)
    } catch {
      return offlinePage()
    }
  },
)

/**
 * The page names the files it loaded before this worker controlled it (its first visit); they
 * are put in the cache from the browser's HTTP cache, so the app opens offline after one online
 * visit without downloading anything twice.
 */
function isCacheRequest(data: unknown): data is { type: 'CACHE_URLS'; urls: unknown[] } {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'type') === 'CACHE_URLS' &&
    Array.isArray(Reflect.get(data, 'urls'))
  )
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data
  if (!isCacheRequest(data)) return
  const urls = data.urls
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter(isOwnAsset)
    .slice(0, 200)
  event.waitUntil(
    caches.open(ASSETS_CACHE).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          if (await cache.match(url.href)) return
          await cache.add(url.href).catch(() => undefined)
        }),
      ),
    ),
  )
})

/** What the server's push channel sends (src/server/outbox/push-channel.ts). */
type PushPayload = { id: string; title: string; body: string; url: string }

function pushPayloadOf(data: PushMessageData | null): PushPayload | undefined {
  try {
    const value: unknown = data?.json()
    if (
      typeof value === 'object' &&
      value !== null &&
      'id' in value &&
      typeof value.id === 'string' &&
      'title' in value &&
      typeof value.title === 'string' &&
      'body' in value &&
      typeof value.body === 'string' &&
      'url' in value &&
      typeof value.url === 'string' &&
      value.url.startsWith('/')
    ) {
      return { id: value.id, title: value.title, body: value.body, url: value.url }
    }
  } catch {
    // Not ours, or not JSON: nothing to show.
  }
  return undefined
}

// Web Push (docs/notifications.md "Web Push"): the event id is the notification's tag, so a
// message delivered twice replaces the first on screen instead of showing again.
self.addEventListener('push', (event) => {
  const payload = pushPayloadOf(event.data)
  if (!payload) return
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.id,
      icon: '/pwa-192.png',
      data: { url: payload.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data: unknown = event.notification.data
  const url =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : '/'
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const existing = open.find((client) => new URL(client.url).origin === self.location.origin)
      if (existing) {
        await existing.focus()
        await existing.navigate(url)
        return
      }
      await self.clients.openWindow(url)
    })(),
  )
})
