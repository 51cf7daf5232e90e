import { type QueryFunctionContext, useQuery } from '@tanstack/react-query'
import { getQueryFn, OfflineError } from '#client/lib/api.ts'
import {
  clearOfflineCache,
  keepOfflineCopy,
  restoreOfflineCopy,
} from '#client/lib/offline-cache.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'
import { finishPendingSignOut } from './sign-out.ts'

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const

const askServer = getQueryFn({ on401: 'returnNull' })

function parseUser(body: unknown): User | null {
  if (body === null) return null
  const parsed = userSchema.safeParse(body)
  return parsed.success ? parsed.data : null
}

/**
 * Who is signed in: the server's answer; null only when it says 401. With no answer at all
 * (offline), the user who last signed in on this device, with their stored answers put back in
 * the cache (docs/offline.md); with nothing stored, the OfflineError stands.
 */
async function fetchSignedInUser(context: QueryFunctionContext): Promise<User | null> {
  try {
    const user = await parseUser(await askServer(context))
    // Signed out, or the session ended: nothing of the last user may stay on the device.
    if (user === null) await clearOfflineCache()
    else if (finishPendingSignOut()) return null
    else void keepOfflineCopy(queryClient, user.id)
    return user
  } catch (error) {
    if (!(error instanceof OfflineError)) throw error
    const stored = await restoreOfflineCopy(queryClient)
    const user = stored === null ? null : parseUser(stored)
    if (user === null) throw error
    return user
  }
}

export type AuthState = {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
  /** Sabi could not be reached and no user is stored on this device: signed in or not is unknown. */
  isUnreachable: boolean
}

/**
 * The signed-in user, or null for a visitor (docs/account.md). Only a 401 means signed out: a
 * network failure shows the stored user offline, or leaves the answer unknown. Once the server
 * names a user, their answers are kept for offline reading (lib/offline-cache.ts).
 */
export function useAuth(): AuthState {
  const { data, isLoading, error } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: fetchSignedInUser,
    retry: false,
    meta: { suppressGlobalError: true },
  })
  const user = data ?? null
  const isUnreachable = data === undefined && error instanceof OfflineError
  return { user, isLoading, isAuthenticated: user !== null, isUnreachable }
}

/** The server's path every sign-in button goes to, remembering where the user was going. */
export function signInPath(returnTo?: string): string {
  return returnTo && returnTo !== '/'
    ? `/api/login?returnTo=${encodeURIComponent(returnTo)}`
    : '/api/login'
}

/**
 * After the server ended this session itself (a freeze ends every session, this one too): the
 * user's stored answers leave the device and the current user is asked again, a visitor now.
 * `leave` goes to the next page in the same render, so no signed-in page is left on screen to
 * take the user for signed out and say "Unauthorized".
 */
export async function forgetEndedSession(leave: () => void): Promise<void> {
  await clearOfflineCache()
  void queryClient.resetQueries({ queryKey: AUTH_USER_QUERY_KEY })
  leave()
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0],
  })
}
