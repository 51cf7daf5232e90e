/**
 * Registers the service worker that vite-plugin-pwa generates at /sw.js: it keeps the app
 * working offline, and browsers offer installation (`beforeinstallprompt`) only to a page a
 * service worker controls. Both the React app and the prerendered landing page call this.
 *
 * It waits for the page's `load` event so that the worker's precaching never competes with
 * the page's own first download. Only production builds have a worker; the development
 * server has none, so nothing is registered there.
 */
/**
 * Asks the worker to keep the files this page loaded before it was in control (on the first
 * visit, all of them): it copies them from the browser's HTTP cache, downloading nothing, so the
 * app opens offline after one online visit (docs/offline.md "The service worker").
 */
function cacheLoadedFiles(worker: ServiceWorker | null) {
  if (!worker) return
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${window.location.origin}/assets/`))
  if (urls.length > 0) worker.postMessage({ type: 'CACHE_URLS', urls })
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        cacheLoadedFiles(registration.active)
        // Files loaded between then and the worker taking control of this page.
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => cacheLoadedFiles(navigator.serviceWorker.controller),
          { once: true },
        )
      })
      .catch((error: unknown) => {
        // Offline support is an extra: the page works without it, so this is only a warning.
        console.warn('The service worker could not be registered', error)
      })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
