import { useSyncExternalStore } from 'react'

/**
 * Whether the dashboard hides its balances behind a mask, as Nigerian banking apps let people do
 * on a crowded bus (docs/offline.md "Data saver and hidden balances"). The choice is this
 * device's, not the account's: it is kept in localStorage, and every component that asks
 * updates together when it changes.
 */

export const HIDE_BALANCES_STORAGE_KEY = 'sabi.hideBalances'

/** What a hidden amount shows: the same few dots whatever the amount, so its size says nothing. */
export const BALANCE_MASK = '••••••'

// Read once, then kept here: when storage refuses a write (private browsing), the choice still
// holds for this visit.
let hidden: boolean | undefined
const listeners = new Set<() => void>()

function readStored(): boolean {
  try {
    return globalThis.localStorage?.getItem(HIDE_BALANCES_STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

/** True while balances are hidden on this device; shown until the user chooses otherwise. */
export function areBalancesHidden(): boolean {
  hidden ??= readStored()
  return hidden
}

export function setBalancesHidden(next: boolean): void {
  hidden = next
  try {
    if (next) globalThis.localStorage?.setItem(HIDE_BALANCES_STORAGE_KEY, '1')
    else globalThis.localStorage?.removeItem(HIDE_BALANCES_STORAGE_KEY)
  } catch {
    // Storage refused: the choice lasts until the page is closed.
  }
  for (const listener of listeners) listener()
}

/** Calls `listener` whenever the choice changes, here or in another tab of this browser. */
export function subscribeToHideBalances(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== HIDE_BALANCES_STORAGE_KEY && event.key !== null) return
    hidden = undefined
    for (const listener of listeners) listener()
  })
}

/**
 * The hide-balances choice and the way to change it. A page rendered ahead of time (the
 * prerendered landing) gets the default, shown.
 */
export function useHideBalances(): [hidden: boolean, setHidden: (hidden: boolean) => void] {
  const value = useSyncExternalStore(subscribeToHideBalances, areBalancesHidden, () => false)
  return [value, setBalancesHidden]
}
