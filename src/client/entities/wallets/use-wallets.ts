import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { walletSchema } from '#shared/schemas/reference.ts'

/** Money actions invalidate this key so every balance on screen is refetched (docs/api.md). */
export const WALLETS_QUERY_KEY = ['/api/wallets'] as const

const walletListSchema = walletSchema.array()

async function fetchWallets() {
  return walletListSchema.parse(await apiRequest('GET', '/api/wallets'))
}

/** The signed-in user's wallets; pass `enabled: false` until a user exists (docs/api.md). */
export function useWallets({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: WALLETS_QUERY_KEY, queryFn: fetchWallets, enabled })
}
