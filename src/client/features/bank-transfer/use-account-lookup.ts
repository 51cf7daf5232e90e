import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  resolvedAccountSchema,
} from '#shared/schemas/bank.ts'

/** The enquiry waits until typing pauses this long, so one account number is one request. */
export const ACCOUNT_LOOKUP_DEBOUNCE_MS = 400

const ACCOUNT_NUMBER_PATTERN = new RegExp(
  `^\\d{${ACCOUNT_NUMBER_MIN_LENGTH},${ACCOUNT_NUMBER_MAX_LENGTH}}$`,
)

export function isCompleteAccountNumber(accountNumber: string): boolean {
  return ACCOUNT_NUMBER_PATTERN.test(accountNumber)
}

async function resolveAccount(bankCode: string, accountNumber: string) {
  const query = new URLSearchParams({ bankCode, accountNumber })
  return resolvedAccountSchema.parse(await apiRequest('GET', `/api/banks/resolve?${query}`))
}

/**
 * Name enquiry: once a bank is chosen and the account number is complete, and typing has
 * paused, the bank is asked whose account it is. An answer is kept for the visit, so going
 * back to an account number already checked asks nothing again. `settling` is true between a
 * keystroke and the request the pause lets through.
 */
export function useAccountLookup(bankCode: string, accountNumber: string) {
  const target =
    bankCode !== '' && isCompleteAccountNumber(accountNumber) ? { bankCode, accountNumber } : null
  const key = target ? `${target.bankCode}:${target.accountNumber}` : null
  const settledKey = useDebouncedValue(key, ACCOUNT_LOOKUP_DEBOUNCE_MS)
  const ready = target !== null && settledKey === key
  const query = useQuery({
    queryKey: ['/api/banks/resolve', target?.bankCode, target?.accountNumber],
    queryFn: () => resolveAccount(target?.bankCode ?? '', target?.accountNumber ?? ''),
    enabled: ready,
  })
  return {
    /** Whether there is an account to look up at all. */
    active: target !== null,
    settling: target !== null && !ready,
    query,
  }
}
