import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { type Limits, limitsSchema } from '#shared/schemas/limits.ts'

/** GET /api/limits: refetched after every money action with the wallets (lib/refetch-money-lists). */
export const LIMITS_QUERY_KEY = ['/api/limits'] as const

async function fetchLimits(): Promise<Limits> {
  return limitsSchema.parse(await apiRequest('GET', '/api/limits'))
}

/** The signed-in user's tier and limits (docs/limits.md). */
export function useLimits() {
  const { isAuthenticated } = useAuth()
  return useQuery({ queryKey: LIMITS_QUERY_KEY, queryFn: fetchLimits, enabled: isAuthenticated })
}
