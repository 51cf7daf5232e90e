import type { MouseEvent } from 'react'
import { isOffline } from '#client/lib/network-status.ts'
import { clearOfflineCache } from '#client/lib/offline-cache.ts'
import { queryClient } from '#client/lib/query-client.ts'

export const SIGN_OUT_PATH = '/api/logout'
/** Set when the user signed out offline: the server ends the session at the next chance. */
const PENDING_KEY = 'sabi.signOutPending'

function setPending(pending: boolean) {
  try {
    if (pending) localStorage.setItem(PENDING_KEY, '1')
    else localStorage.removeItem(PENDING_KEY)
  } catch {
    // Storage refused: the stored answers are gone all the same.
  }
}

export function isSignOutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) === '1'
  } catch {
    return false
  }
}

/**
 * Signs out (docs/offline.md "Signing out"): the user's stored answers leave the device first,
 * then the server ends the session with a full page load, so every cached query goes too.
 * Offline, the device forgets the user at once and the server is told at the next start online.
 */
export async function signOut(): Promise<void> {
  await clearOfflineCache()
  queryClient.clear()
  if (isOffline()) {
    setPending(true)
    window.location.assign('/')
    return
  }
  setPending(false)
  window.location.assign(SIGN_OUT_PATH)
}

/** For the sign-out links: the link still works without script, the script wipes first. */
export function onSignOutClick(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault()
  void signOut()
}

/** Finishes a sign-out made offline, once the server can be told. */
export function finishPendingSignOut(): boolean {
  if (!isSignOutPending()) return false
  setPending(false)
  window.location.assign(SIGN_OUT_PATH)
  return true
}
