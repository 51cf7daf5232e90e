import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { type LimitCheck, limitCheckSchema } from '#shared/schemas/limits.ts'

/**
 * Whether an amount is within the sender's single and daily limits now (GET /api/limits/check),
 * for the review step; nothing is asked when there is nothing to check.
 */
export function useLimitCheck(check: { currency: string; amount: string } | undefined) {
  return useQuery({
    queryKey: ['/api/limits/check', check?.currency, check?.amount],
    queryFn: async (): Promise<LimitCheck> => {
      const query = new URLSearchParams({
        currency: check?.currency ?? '',
        amount: check?.amount ?? '',
      })
      return limitCheckSchema.parse(await apiRequest('GET', `/api/limits/check?${query}`))
    },
    enabled: check !== undefined,
    staleTime: 0,
  })
}
