import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerServiceWorker } from '#client/features/install/register-service-worker.ts'
import { applyTheme, storedTheme } from '#client/features/settings/theme.ts'
import { App } from './app.tsx'
import './styles.css'

// Before React renders anything: the theme this device last showed, so a dark-mode user sees no
// light flash. index.html marks this script render-blocking, so nothing is painted before it.
// SettingsSync corrects it from the server once the user is known.
applyTheme(storedTheme(), { remember: false })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
registerServiceWorker()
