import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { pinStatusSchema } from '#shared/schemas/pin.ts'

export const PIN_STATUS_QUERY_KEY = ['/api/pin'] as const

/** Whether the user has a transaction PIN yet, and whether it is locked. */
export function usePinStatus(enabled = true) {
  return useQuery({
    queryKey: PIN_STATUS_QUERY_KEY,
    queryFn: async () => pinStatusSchema.parse(await apiRequest('GET', '/api/pin')),
    enabled,
  })
}
