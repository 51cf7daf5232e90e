import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { pocketListSchema } from '#shared/schemas/pockets.ts'

/** The user's savings pockets (docs/pockets.md); money actions read it again after each move. */
export const POCKETS_QUERY_KEY = ['/api/pockets'] as const

export function usePockets(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: POCKETS_QUERY_KEY,
    queryFn: async () => pocketListSchema.parse(await apiRequest('GET', '/api/pockets')),
    enabled: options.enabled ?? true,
  })
}
