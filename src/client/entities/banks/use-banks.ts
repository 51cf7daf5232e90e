import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiRequest } from '#client/lib/api.ts'
import { bankSchema } from '#shared/schemas/bank.ts'

export const BANKS_QUERY_KEY = ['/api/banks'] as const

export type Bank = z.infer<typeof bankSchema>

const bankListSchema = bankSchema.array()

async function fetchBanks() {
  return bankListSchema.parse(await apiRequest('GET', '/api/banks'))
}

/** The banks Sabi pays into (docs/transfers.md "Banks"), each with the one currency it receives. */
export function useBanks({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: BANKS_QUERY_KEY, queryFn: fetchBanks, enabled })
}
