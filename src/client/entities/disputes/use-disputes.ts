import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { disputeDetailsSchema, disputePageSchema } from '#shared/schemas/disputes.ts'

/** Every read of the customer's reports sits under this key, so one invalidation reaches all. */
export const DISPUTES_QUERY_KEY = ['/api/disputes'] as const

/** The page a report is shown on, with its timeline (docs/screens.md "My reports"). */
export function disputePath(id: string): string {
  return `/disputes/${encodeURIComponent(id)}`
}

const FIRST_PAGE: string | null = null

async function fetchDisputePage(cursor: string | null) {
  const query = new URLSearchParams()
  if (cursor) query.set('cursor', cursor)
  const suffix = query.size > 0 ? `?${query}` : ''
  return disputePageSchema.parse(await apiRequest('GET', `/api/disputes${suffix}`))
}

/** The customer's reports, newest first, a page (20) at a time. */
export function useDisputes() {
  return useInfiniteQuery({
    queryKey: [...DISPUTES_QUERY_KEY, 'list'],
    queryFn: ({ pageParam }) => fetchDisputePage(pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })
}

/** One report with its timeline. */
export function useDispute(id: string) {
  return useQuery({
    queryKey: [...DISPUTES_QUERY_KEY, 'details', id],
    queryFn: async () =>
      disputeDetailsSchema.parse(
        await apiRequest('GET', `/api/disputes/${encodeURIComponent(id)}`),
      ),
  })
}
