import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { apiRequest } from '#client/lib/api.ts'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'

/**
 * Posts a sign-in or sign-up form. On success the returned user becomes the current user
 * straight away (no second round trip) and the browser goes on to `returnTo`, unless `stay`
 * says the page has a next step for this user (a phone number to verify).
 */
export function useAuthSubmit<Body>(
  path: '/api/auth/login' | '/api/auth/signup',
  returnTo: string,
  stay?: (user: User) => boolean,
) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async (body: Body) => userSchema.parse(await apiRequest('POST', path, body)),
    onSuccess: (user) => {
      // Asked first, so the page holds its next step before it sees a signed-in user.
      const staying = stay?.(user) ?? false
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user)
      if (!staying) navigate(returnTo, { replace: true })
    },
    // The form shows the failure itself, so a global error toast would say it twice.
    meta: { suppressGlobalError: true },
  })
}
