import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerServiceWorker } from '#client/features/install/register-service-worker.ts'
import { catalogsReady } from '#client/i18n/i18n.ts'
import { App } from './app.tsx'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// The first paint is in the user's language: the texts of the areas the entry holds arrive
// before React draws anything (docs/i18n.md), so no screen flashes English first.
void catalogsReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
registerServiceWorker()
