import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { ApiError } from '#client/lib/api.ts'
import type { Operator } from '#shared/schemas/ops.ts'
import { OPS_KEYS } from './ops-api.ts'

/**
 * The console's session (docs/operations-console.md "The console"). The server ends an
 * operator's session after 15 minutes without activity and then answers 401: whatever the
 * console was doing, it drops every answer it holds (a customer's record included) and shows the
 * sign-in with the reason. It is apart from the customer app's session: its own cookie, its own
 * query client, and a 401 here never reaches the customer's sign-out.
 */

/** The server's idle limit; the console signs out by itself after as long without input. */
export const OPS_IDLE_LIMIT_MS = 15 * 60 * 1000

export type SessionNotice = 'idle' | 'signedOut'

let notice: SessionNotice | null = null
const listeners = new Set<() => void>()

function setNotice(next: SessionNotice | null) {
  notice = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Why the sign-in is showing, if the operator was signed out rather than never signed in. */
export function currentSessionNotice(): SessionNotice | null {
  return notice
}

export function useSessionNotice(): SessionNotice | null {
  return useSyncExternalStore(subscribe, currentSessionNotice, currentSessionNotice)
}

/** A 401 from any console call while signed in: the session is over. */
function onError(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return
  // Signed out already (a wrong password at sign-in is a 401 too): nothing to end.
  if (!opsQueryClient.getQueryData<Operator | null>(OPS_KEYS.me)) return
  endSession('idle')
}

export const opsQueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    // Staff see other staff's work: a list is read again when shown after half a minute, never
    // retried on its own (a 401 or 403 will not change by asking twice).
    queries: {
      staleTime: 30_000,
      retry: false,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
})

/** Ends the session on this page: every answer goes, and the sign-in shows why. */
export function endSession(reason: SessionNotice) {
  setNotice(reason)
  opsQueryClient.setQueryData(OPS_KEYS.me, null)
  opsQueryClient.removeQueries({
    queryKey: OPS_KEYS.all,
    predicate: (query) => query.queryKey[1] !== OPS_KEYS.me[1],
  })
}

/** A new session: the notice of the last one goes. */
export function startSession(operator: Operator) {
  setNotice(null)
  opsQueryClient.setQueryData(OPS_KEYS.me, operator)
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
const IDLE_CHECK_MS = 15_000

/**
 * Calls `onIdle` once after `limitMs` without a key, pointer or wheel event on the page. A
 * screen left open shows no customer's data for longer than the server would keep the session.
 * Returns a function that stops watching.
 */
export function watchIdle(
  limitMs: number,
  onIdle: () => void,
  target: EventTarget = window,
  now: () => number = Date.now,
): () => void {
  let lastActivity = now()
  let stopped = false
  const touch = () => {
    lastActivity = now()
  }
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, touch, { passive: true })
  const stop = () => {
    stopped = true
    clearInterval(timer)
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, touch)
  }
  const timer = setInterval(
    () => {
      if (stopped || now() - lastActivity < limitMs) return
      stop()
      onIdle()
    },
    Math.min(IDLE_CHECK_MS, limitMs),
  )
  return stop
}
