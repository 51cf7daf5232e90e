import { type ComponentType, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerServiceWorker } from '#client/components/install/register-service-worker.ts'
import '#client/lib/zod-without-eval.ts'
import './styles.css'

// The entry holds React only (docs/performance.md "Page weight"). The first paint is index.html's
// own markup, drawn before any script; the app itself (its providers, routes, fetch wrapper and
// texts) is a chunk the page's head names, so it downloads beside this one. React replaces the
// markup once the app's first screen is ready: until then a screen that waits for its texts
// (i18n.ts) leaves the mark and spinner in place, so no screen flashes English first
// (docs/i18n.md).
//
// Under /ops the entry loads the operations console instead (docs/operations-console.md "The
// console"): a chunk of its own that no customer page imports, so a customer never downloads a
// byte of it, and staff never run the customer app.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
const loadApp: Promise<ComponentType> = /^\/ops(\/|$)/.test(window.location.pathname)
  ? import('./ops/load-ops-app.ts').then((m) => m.loadOpsApp())
  : import('./app.tsx').then((m) => m.App)
loadApp.then(
  (App) =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    // Offline on a device that never ran this version of the app: the mark stays, and the page
    // starts again as soon as the network is back (docs/offline.md).
    console.warn('The app could not be loaded', error)
    window.addEventListener('online', () => window.location.reload(), { once: true })
  },
)
registerServiceWorker()
