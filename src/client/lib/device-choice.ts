import { useSyncExternalStore } from 'react'

/**
 * A yes-or-no choice kept on this device rather than in the account (data saver, hidden
 * balances: docs/offline.md "Data saver and hidden balances"). It is stored in localStorage as
 * "1" or "0"; no value, or one it does not know, means no choice, and `fallback` answers. The
 * choice is also kept in memory, so it holds for the visit when storage refuses it (private
 * browsing). Every component that reads it, and other tabs, update together.
 */
export function deviceChoice(key: string, fallback: () => boolean) {
  // undefined: not read yet; null: no choice made.
  let chosen: boolean | null | undefined
  const listeners = new Set<() => void>()

  function notify() {
    for (const listener of listeners) listener()
  }

  function readStored(): boolean | null {
    try {
      const value = globalThis.localStorage?.getItem(key) ?? null
      return value === '1' ? true : value === '0' ? false : null
    } catch {
      return null
    }
  }

  function get(): boolean {
    if (chosen === undefined) chosen = readStored()
    return chosen ?? fallback()
  }

  /** Keeps `value`, or with null forgets the choice so that the fallback answers again. */
  function set(value: boolean | null) {
    chosen = value
    try {
      if (value === null) globalThis.localStorage?.removeItem(key)
      else globalThis.localStorage?.setItem(key, value ? '1' : '0')
    } catch {
      // Storage refused: the choice lasts until the page is closed.
    }
    notify()
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  if (typeof window !== 'undefined') {
    // Another tab changed it (or cleared storage): read it again.
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return
      chosen = undefined
      notify()
    })
  }

  return { get, set, subscribe, notify }
}

export type DeviceChoice = ReturnType<typeof deviceChoice>

/** The choice; the component re-renders when it changes. A prerendered page gets false. */
export function useDeviceChoice(choice: DeviceChoice): boolean {
  return useSyncExternalStore(choice.subscribe, choice.get, () => false)
}
