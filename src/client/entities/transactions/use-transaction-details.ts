import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useDataSaver } from '#client/lib/data-saver.ts'
import { transactionDetailsSchema } from '#shared/schemas/transactions.ts'
import { TRANSACTIONS_QUERY_KEY } from './use-transactions.ts'

/** While money is on its way out, the details are asked for again this often. */
export const PENDING_REFRESH_MS = 2_000

async function fetchTransactionDetails(id: string) {
  return transactionDetailsSchema.parse(
    await apiRequest('GET', `/api/transactions/${encodeURIComponent(id)}`),
  )
}

/**
 * One transaction with its timeline. The app otherwise never polls (docs/api.md "Data fetching"),
 * but a payout is settled by its provider seconds or days later, and the user is watching for that
 * step: so while the status is `pending`, and only then, the details are fetched again. The key
 * sits under TRANSACTIONS_QUERY_KEY, so money actions refresh it too.
 *
 * With data saver on, a caller that offers its own Refresh button (`offersRefresh`) gets no
 * polling: the user asks when they want to know. The screens that follow a payment just sent
 * (its progress, the bill's token) have no such button and keep polling, as they depend on it.
 */
export function useTransactionDetails(
  id: string | undefined,
  { offersRefresh = false }: { offersRefresh?: boolean } = {},
) {
  const dataSaver = useDataSaver()
  const pollingStopped = offersRefresh && dataSaver
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'details', id],
    queryFn: () => fetchTransactionDetails(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      !pollingStopped && query.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false,
  })
}
