import { useQuery } from '@tanstack/react-query'
import { getQueryFn } from '#client/lib/api.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const

/**
 * The signed-in user, or null for a visitor (docs/account.md). A failed call counts as signed out
 * and is never shown; it is not retried.
 */
export function useAuth(): { user: User | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    select: (body) => {
      const parsed = userSchema.safeParse(body)
      return parsed.success ? parsed.data : null
    },
    retry: false,
    meta: { suppressGlobalError: true },
  })
  const user = data ?? null
  return { user, isLoading, isAuthenticated: user !== null }
}

/** The server path every sign-in button goes to, remembering where the user was going. */
export function signInPath(returnTo?: string): string {
  return returnTo && returnTo !== '/'
    ? `/api/login?returnTo=${encodeURIComponent(returnTo)}`
    : '/api/login'
}

export const SIGN_OUT_PATH = '/api/logout'
