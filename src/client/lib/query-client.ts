import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api.ts'

// docs/api.md "Data fetching": data never goes stale, no refetch on focus, no polling, no
// retries. Money lists are refreshed explicitly after every successful money action instead.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
})
