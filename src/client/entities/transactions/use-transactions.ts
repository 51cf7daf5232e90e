import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'

/** Money actions invalidate this prefix, which also covers the history page's longer list. */
export const TRANSACTIONS_QUERY_KEY = ['/api/transactions'] as const

async function fetchRecentTransactions() {
  return transactionPageSchema.parse(await apiRequest('GET', '/api/transactions'))
}

/** The newest page of the user's transactions (docs/api.md); only once a user exists. */
export function useRecentTransactions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TRANSACTIONS_QUERY_KEY,
    queryFn: fetchRecentTransactions,
    enabled,
  })
}

/** The history asks for 50 transactions at a time (docs/screens.md "Transaction History"). */
export const HISTORY_PAGE_SIZE = 50

const FIRST_PAGE: string | null = null

async function fetchHistoryPage(cursor: string | null) {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) })
  if (cursor) query.set('cursor', cursor)
  return transactionPageSchema.parse(await apiRequest('GET', `/api/transactions?${query}`))
}

/**
 * The full history, 50 at a time, newest first; the next page follows the server's cursor.
 * Its key starts with TRANSACTIONS_QUERY_KEY, so every money action refreshes it too.
 */
export function useTransactionHistory({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, HISTORY_PAGE_SIZE],
    queryFn: ({ pageParam }) => fetchHistoryPage(pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled,
  })
}
