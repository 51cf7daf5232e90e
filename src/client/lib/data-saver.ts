import { useSyncExternalStore } from 'react'

/**
 * Data saver (docs/offline.md "Data saver and hidden balances"): when on, the app skips what
 * only costs data, where it can: profile pictures are not downloaded and a pending transaction's
 * details are not polled (a Refresh button is offered instead). Money screens that must stay
 * current (a sale being paid, a quote about to be paid) keep refreshing all the same.
 *
 * Unlike the settings of the Settings page, which live on the server, this one belongs to the
 * device: data is dear on one phone and not on the laptop at home. It is kept in localStorage;
 * until the user chooses, the browser's Save-Data hint (`navigator.connection.saveData`, the
 * "Lite mode" of Chrome on Android) decides.
 */

export const DATA_SAVER_STORAGE_KEY = 'sabi.dataSaver'

// undefined: not read yet; null: the user never chose. Kept here so that a choice storage
// refuses to keep (private browsing) still holds for this visit.
let chosen: boolean | null | undefined
const listeners = new Set<() => void>()

function readStored(): boolean | null {
  try {
    const value = globalThis.localStorage?.getItem(DATA_SAVER_STORAGE_KEY) ?? null
    return value === '1' ? true : value === '0' ? false : null
  } catch {
    return null
  }
}

/** The browser's Save-Data hint; not every browser has `navigator.connection`, nor TypeScript. */
function browserSavesData(): boolean {
  if (typeof navigator === 'undefined' || !('connection' in navigator)) return false
  const connection: unknown = navigator.connection
  return (
    typeof connection === 'object' &&
    connection !== null &&
    'saveData' in connection &&
    connection.saveData === true
  )
}

function notify() {
  for (const listener of listeners) listener()
}

/** Whether data saver is on, for code outside React (a query's options, a network handler). */
export function isDataSaverOn(): boolean {
  if (chosen === undefined) chosen = readStored()
  return chosen ?? browserSavesData()
}

/** Turns data saver on or off on this device, at once for every screen. Never sent to the server. */
export function setDataSaver(on: boolean): void {
  chosen = on
  try {
    globalThis.localStorage?.setItem(DATA_SAVER_STORAGE_KEY, on ? '1' : '0')
  } catch {
    // Storage refused: the choice lasts until the page is closed.
  }
  notify()
}

/** Calls `listener` whenever data saver may have changed (here, in another tab, or Save-Data). */
export function subscribeToDataSaver(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== DATA_SAVER_STORAGE_KEY && event.key !== null) return
    chosen = undefined
    notify()
  })
  // Lite mode can be turned on while Sabi is open; it matters only until the user chooses.
  if ('connection' in navigator) {
    const connection: unknown = navigator.connection
    if (connection instanceof EventTarget) connection.addEventListener('change', notify)
  }
}

/** Whether data saver is on; the component re-renders when that changes. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribeToDataSaver, isDataSaverOn, () => false)
}
