import type { QueryClient } from '@tanstack/react-query'
import { LIMITS_QUERY_KEY } from '#client/entities/limits/use-limits.ts'
import { POCKETS_QUERY_KEY } from '#client/entities/pockets/use-pockets.ts'
import { TRANSACTIONS_QUERY_KEY } from '#client/entities/transactions/use-transactions.ts'
import { WALLETS_QUERY_KEY } from '#client/entities/wallets/use-wallets.ts'

/**
 * After any successful money action the wallets, transactions and limits are fetched again (docs/api.md
 * "Data fetching"): the app's data never goes stale on its own, so this is how balances and history
 * catch up.
 */
export function refetchMoneyLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    // What is left of today's limits changes with every payment (docs/limits.md).
    queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY }),
    // A payment may be rounded up into a pocket, and a move changes one (docs/pockets.md).
    queryClient.invalidateQueries({ queryKey: POCKETS_QUERY_KEY }),
  ]).then(() => undefined)
}
