import { useQuery } from '@tanstack/react-query'
import { WALLETS_QUERY_KEY } from '#client/entities/wallets/use-wallets.ts'
import { apiRequest } from '#client/lib/api.ts'
import { walletTotalSchema } from '#shared/schemas/reference.ts'

async function fetchWalletTotal(currency: string) {
  return walletTotalSchema.parse(
    await apiRequest('GET', `/api/wallets/total?currency=${encodeURIComponent(currency)}`),
  )
}

/**
 * All the user's wallets valued in one currency at current rates (an estimate for display).
 * The key starts with the wallets' key, so every money action's refetch of the wallets
 * (refetchMoneyLists) brings the total up to date as well.
 */
export function useWalletTotal(currency: string | undefined) {
  return useQuery({
    queryKey: [...WALLETS_QUERY_KEY, 'total', currency],
    queryFn: () => fetchWalletTotal(currency ?? 'USD'),
    enabled: currency !== undefined,
  })
}
