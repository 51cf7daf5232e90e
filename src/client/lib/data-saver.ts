import { deviceChoice, useDeviceChoice } from './device-choice.ts'

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

const choice = deviceChoice(DATA_SAVER_STORAGE_KEY, browserSavesData)

/** Whether data saver is on, for code outside React (a query's options, a network handler). */
export const isDataSaverOn = choice.get

/** Turns data saver on or off on this device, at once for every screen. Never sent to the server. */
export function setDataSaver(on: boolean): void {
  choice.set(on)
}

/** Calls `listener` whenever data saver may have changed (here, in another tab, or Save-Data). */
export const subscribeToDataSaver = choice.subscribe

// Lite mode can be turned on while Sabi is open; it matters only until the user chooses.
if (typeof navigator !== 'undefined' && 'connection' in navigator) {
  const connection: unknown = navigator.connection
  if (connection instanceof EventTarget) connection.addEventListener('change', choice.notify)
}

/** Whether data saver is on; the component re-renders when that changes. */
export function useDataSaver(): boolean {
  return useDeviceChoice(choice)
}
