import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { recipientSchema } from '#shared/schemas/recipients.ts'

/** Under every recipients list's key, so anything that refreshes recipients refreshes these. */
export const INTERNATIONAL_RECIPIENTS_QUERY_KEY = ['/api/recipients', 'international'] as const

async function fetchInternationalRecipients() {
  return recipientSchema
    .array()
    .parse(await apiRequest('GET', '/api/recipients?kind=international'))
}

/** The people abroad the user has paid before, most recently paid first. */
export function useInternationalRecipients({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: INTERNATIONAL_RECIPIENTS_QUERY_KEY,
    queryFn: fetchInternationalRecipients,
    enabled,
  })
}
