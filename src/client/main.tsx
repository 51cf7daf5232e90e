import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { AppLoading } from '#client/components/app-loading.tsx'
import { registerServiceWorker } from '#client/features/install/register-service-worker.ts'
import './styles.css'

// The entry holds React and the first paint only (docs/performance.md "Page weight"): the app
// itself (its providers, routes, fetch wrapper and texts) is a chunk fetched at once, while the
// Sabi mark is already on screen.
const App = lazy(() => import('./app.tsx').then((module) => ({ default: module.App })))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// Rendered at once: the translation engine and the catalogs load meanwhile (i18n.ts), and every
// component with texts suspends until its own are there in the user's language, so no screen
// flashes English first (docs/i18n.md).
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<AppLoading />}>
      <App />
    </Suspense>
  </StrictMode>,
)
registerServiceWorker()
