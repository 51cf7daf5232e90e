import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { type SessionInfo, sessionInfoSchema } from '#shared/schemas/account.ts'

export const SESSIONS_QUERY_KEY = ['/api/sessions'] as const

const sessionListSchema = sessionInfoSchema.array()

async function fetchSessions(): Promise<SessionInfo[]> {
  return sessionListSchema.parse(await apiRequest('GET', '/api/sessions'))
}

/** This device first, then the others by when they were last seen. */
export function sortSessions(sessions: readonly SessionInfo[]): SessionInfo[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1
    return b.lastSeenAt.localeCompare(a.lastSeenAt)
  })
}

/** Login activity: where the account is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: fetchSessions,
    select: sortSessions,
    // The list changes whenever the user signs in elsewhere; opening Settings should show it.
    staleTime: 0,
  })
}

export function useSignOutSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/sessions/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<SessionInfo[]>(SESSIONS_QUERY_KEY, (sessions) =>
        sessions?.filter((session) => session.id !== id),
      )
    },
  })
}
