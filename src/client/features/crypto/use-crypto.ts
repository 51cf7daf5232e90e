import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { cryptoHoldingSchema } from '#shared/schemas/exchange.ts'
import { cryptocurrencySchema } from '#shared/schemas/reference.ts'

export const CRYPTOCURRENCIES_QUERY_KEY = ['/api/cryptocurrencies'] as const
/** A purchase invalidates this key, as it does the wallets and transactions (docs/api.md). */
export const CRYPTO_HOLDINGS_QUERY_KEY = ['/api/crypto/holdings'] as const

const cryptocurrencyListSchema = cryptocurrencySchema.array()
const holdingListSchema = cryptoHoldingSchema.array()

async function fetchCryptocurrencies() {
  return cryptocurrencyListSchema.parse(await apiRequest('GET', '/api/cryptocurrencies'))
}

async function fetchHoldings() {
  return holdingListSchema.parse(await apiRequest('GET', '/api/crypto/holdings'))
}

/** The coins on sale with the server's current US-dollar price and 24h change. */
export function useCryptocurrencies({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: CRYPTOCURRENCIES_QUERY_KEY,
    queryFn: fetchCryptocurrencies,
    enabled,
  })
}

/** The signed-in user's non-zero crypto holdings with their US-dollar value. */
export function useCryptoHoldings({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: CRYPTO_HOLDINGS_QUERY_KEY, queryFn: fetchHoldings, enabled })
}
