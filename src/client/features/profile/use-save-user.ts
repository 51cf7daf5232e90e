import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import type { User } from '#shared/schemas/auth.ts'

/**
 * After a profile change: the returned user is shown at once everywhere (header, dashboard),
 * and the auth query is invalidated so the next read comes from the server.
 */
export function useSaveUser(): (user: User) => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(
    async (user: User) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user)
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
    },
    [queryClient],
  )
}
