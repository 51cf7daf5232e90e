import { useSyncExternalStore } from 'react'

/**
 * Whether Sabi can be reached (docs/offline.md "Online or not"). The browser's own flag covers a
 * phone with no signal; a request that fails at the network level while the browser still says
 * "online" (a captive portal, a data bundle run out) counts too, until a request gets through or
 * a small health probe, retried with a growing pause, does.
 */

const PROBE_PATH = '/api/health'
const FIRST_PROBE_MS = 1_000
const LONGEST_PROBE_MS = 60_000

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine
let unreachable = false
let probeTimer: ReturnType<typeof setTimeout> | undefined
let probeDelayMs = FIRST_PROBE_MS
const listeners = new Set<() => void>()
const backOnlineListeners = new Set<() => void>()

export function isOffline(): boolean {
  return !browserOnline || unreachable
}

function update(change: () => void) {
  const wasOffline = isOffline()
  change()
  const offline = isOffline()
  if (offline === wasOffline) return
  for (const listener of listeners) listener()
  if (!offline) for (const listener of backOnlineListeners) listener()
}

function probe() {
  probeTimer = undefined
  if (!unreachable || !browserOnline) return
  // The next probe, if this one fails too (checkReachable schedules it), waits twice as long.
  probeDelayMs = Math.min(probeDelayMs * 2, LONGEST_PROBE_MS)
  void checkReachable()
}

/** A request failed before any answer came: the network, not the server, said no. */
export function reportUnreachable() {
  update(() => {
    unreachable = true
  })
  if (probeTimer === undefined && browserOnline) probeTimer = setTimeout(probe, probeDelayMs)
}

/** An answer came back (of any status): the server can be reached. */
export function reportReached() {
  probeDelayMs = FIRST_PROBE_MS
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = undefined
  update(() => {
    unreachable = false
  })
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () =>
    update(() => {
      browserOnline = true
      // The browser's word is taken; the next request confirms it or says otherwise.
      unreachable = false
    }),
  )
  window.addEventListener('offline', () =>
    update(() => {
      browserOnline = false
    }),
  )
}

/**
 * Asks the server now whether it can be reached, and records the answer: for a failure that may
 * be the network's even though the browser says online, such as a page's code that did not
 * arrive (components/lazy-page.tsx).
 */
export async function checkReachable(): Promise<boolean> {
  try {
    await fetch(PROBE_PATH, { cache: 'no-store' })
  } catch {
    reportUnreachable()
    return false
  }
  reportReached()
  return true
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while Sabi cannot be reached; the component re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false)
}

/** Calls `listener` each time the network comes back after being gone. */
export function onBackOnline(listener: () => void): () => void {
  backOnlineListeners.add(listener)
  return () => backOnlineListeners.delete(listener)
}
