import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'

export const INIT_QUERY_KEY = ['/api/init'] as const

// The schema (and zod with it) loads beside the request, so it is not in the app's entry
// (docs/performance.md "Page weight").
async function fetchInit() {
  const [body, { initSchema }] = await Promise.all([
    apiRequest('GET', '/api/init'),
    import('#shared/schemas/reference.ts'),
  ])
  return initSchema.parse(body)
}

/**
 * Makes the start-up call once (docs/screens.md "Signed-in pages"). It is a query rather than a
 * bare fetch so that React's double-run effects in development still send one request, and so the
 * shell can read the sandbox flag from the cache. A failure is ignored: nothing on screen depends
 * on it.
 */
export function useInitInfo() {
  return useQuery({
    queryKey: INIT_QUERY_KEY,
    queryFn: fetchInit,
    retry: false,
    retryOnMount: false,
    meta: { suppressGlobalError: true },
  })
}

export function InitCall() {
  useInitInfo()
  return null
}
