import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { exchangeRateSchema } from '#shared/schemas/reference.ts'

export const EXCHANGE_RATES_QUERY_KEY = ['/api/exchange-rates'] as const

const exchangeRateListSchema = exchangeRateSchema.array()

async function fetchExchangeRates() {
  return exchangeRateListSchema.parse(await apiRequest('GET', '/api/exchange-rates'))
}

/**
 * The market's rates with their 24h change (docs/exchange-and-crypto.md). They move every minute;
 * the exchange form shows these until a quote, which carries the live rate, replaces them.
 */
export function useExchangeRates({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: EXCHANGE_RATES_QUERY_KEY, queryFn: fetchExchangeRates, enabled })
}
