import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { initSchema } from '#shared/schemas/reference.ts'

export const INIT_QUERY_KEY = ['/api/init'] as const

async function fetchInit() {
  return initSchema.parse(await apiRequest('GET', '/api/init'))
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
