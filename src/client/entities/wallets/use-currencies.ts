import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { currencySchema } from '#shared/schemas/reference.ts'

export const CURRENCIES_QUERY_KEY = ['/api/currencies'] as const

const currencyListSchema = currencySchema.array()

async function fetchCurrencies() {
  return currencyListSchema.parse(await apiRequest('GET', '/api/currencies'))
}

/** The currencies Sabi offers; they change with a release, not while the app runs. */
export function useCurrencies({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: CURRENCIES_QUERY_KEY, queryFn: fetchCurrencies, enabled })
}
