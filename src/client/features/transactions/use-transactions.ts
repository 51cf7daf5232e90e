import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'

/** Money actions invalidate this prefix, which also covers the history page's longer list. */
export const TRANSACTIONS_QUERY_KEY = ['/api/transactions'] as const

async function fetchRecentTransactions() {
  return transactionPageSchema.parse(await apiRequest('GET', '/api/transactions'))
}

/** The newest page of the user's transactions (SPEC §7); only once a user exists. */
export function useRecentTransactions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TRANSACTIONS_QUERY_KEY,
    queryFn: fetchRecentTransactions,
    enabled,
  })
}
