import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api.ts'
import { onBackOnline } from './network-status.ts'

// docs/api.md "Data fetching": data never goes stale, no refetch on focus, no polling, no
// retries. Money lists are refreshed explicitly after every successful money action instead.
//
// Offline (docs/offline.md), every query and mutation still runs ('always'): a read fails with an
// OfflineError that the page shows, or that the stored copy answers, instead of waiting unseen; a
// write is refused before it is sent, never paused to go out by itself when the network returns.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
})

// When the network comes back, what is on screen is read again, once; the rest is marked stale
// and is read when next shown.
onBackOnline(() => {
  void queryClient.invalidateQueries()
})
