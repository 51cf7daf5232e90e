/**
 * Registers the service worker that vite-plugin-pwa generates at /sw.js: it keeps the app
 * working offline, and browsers offer installation (`beforeinstallprompt`) only to a page a
 * service worker controls. Both the React app and the prerendered landing page call this.
 *
 * It waits for the page's `load` event so that the worker's precaching never competes with
 * the page's own first download. Only production builds have a worker; the development
 * server has none, so nothing is registered there.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // Offline support is an extra: the page works without it, so this is only a warning.
      console.warn('The service worker could not be registered', error)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
