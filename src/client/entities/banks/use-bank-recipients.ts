import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { recipientSchema } from '#shared/schemas/recipients.ts'

/** Every recipients list; a bank transfer that completes adds to it. */
export const RECIPIENTS_QUERY_KEY = ['/api/recipients'] as const
const BANK_RECIPIENTS_QUERY_KEY = [...RECIPIENTS_QUERY_KEY, 'bank'] as const

const recipientListSchema = recipientSchema.array()

async function fetchBankRecipients() {
  return recipientListSchema.parse(await apiRequest('GET', '/api/recipients?kind=bank'))
}

/** The bank accounts the user has paid before, most recently paid first. */
export function useBankRecipients({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: BANK_RECIPIENTS_QUERY_KEY, queryFn: fetchBankRecipients, enabled })
}

/** Forgets a saved recipient, then reloads the list. */
export function useForgetRecipient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/recipients/${encodeURIComponent(id)}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY }),
  })
}
