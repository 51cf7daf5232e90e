/**
 * The browser's install offer, kept in a tiny framework-free store so the React landing page
 * and the prerendered one (src/client/entries/landing-enhance.ts) share one implementation.
 */

/** What the browser resolves `userChoice` with once the visitor answers its install prompt. */
type InstallChoice = { outcome: 'accepted' | 'dismissed'; platform: string }

/** Chromium's `beforeinstallprompt` event, which the DOM typings do not describe. */
type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>
  userChoice: Promise<InstallChoice>
}

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event
}

let deferredPrompt: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

function setDeferredPrompt(event: InstallPromptEvent | null) {
  deferredPrompt = event
  for (const listener of listeners) listener()
}

// The browser fires `beforeinstallprompt` once, possibly before any code that cares is ready,
// so the event is captured as soon as this module loads and kept for later.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return
    // Keeping the event and stopping the browser's own mini-infobar lets our button decide
    // when to ask.
    event.preventDefault()
    setDeferredPrompt(event)
  })
  window.addEventListener('appinstalled', () => setDeferredPrompt(null))
}

/** Calls `onChange` whenever the install offer appears or goes; returns the unsubscribe. */
export function subscribeToInstallPrompt(onChange: () => void): () => void {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/** True once the browser has offered installation and it has not been accepted yet. */
export function canInstall(): boolean {
  return deferredPrompt !== null
}

/**
 * Shows the browser's own install prompt. Resolves to false when there was no prompt to show
 * or showing it failed, so the caller can fall back to written instructions; a failure is only
 * logged as a warning (docs/screens.md "Install"), never shown as an error. The offer is cleared
 * when the visitor accepts.
 */
export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt
  if (!event) return false
  try {
    await event.prompt()
    const choice = await event.userChoice
    if (choice.outcome === 'accepted') setDeferredPrompt(null)
    return true
  } catch (error) {
    console.warn('The install prompt could not be shown', error)
    return false
  }
}
