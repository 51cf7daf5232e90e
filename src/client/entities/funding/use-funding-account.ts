import { useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { apiErrorBody } from '#client/lib/api-error-body.ts'
import { type FundingBankAccount, fundingBankAccountSchema } from '#shared/schemas/funding.ts'

export const FUNDING_ACCOUNT_QUERY_KEY = ['/api/funding/bank-account'] as const

async function fetchFundingAccount(): Promise<FundingBankAccount> {
  return fundingBankAccountSchema.parse(await apiRequest('GET', '/api/funding/bank-account'))
}

/**
 * What the "Your Sabi account number" card has to show: the account, the reason the user has
 * none yet (a 403: below tier 2, no e-mail address; in the server's words, with its catalog
 * key), or nothing at all (still loading, no provider on this server, any other failure).
 */
export type FundingAccountState =
  | { kind: 'ready'; account: FundingBankAccount }
  | { kind: 'refused'; message: string; key: string | undefined }
  | { kind: 'none' }

/**
 * GET /api/funding/bank-account (docs/funding.md "Your Sabi account number"): the user's own
 * account number for top-ups by bank transfer, made on first ask. A refusal is part of the
 * answer, not a failure to report, so no toast is raised for it.
 */
export function useFundingAccount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: FUNDING_ACCOUNT_QUERY_KEY,
    queryFn: fetchFundingAccount,
    enabled,
    meta: { suppressGlobalError: true },
  })
}

/** The card's state from the query: a 403 says why, anything else that failed shows nothing. */
export function fundingAccountState(query: {
  data: FundingBankAccount | undefined
  error: Error | null
}): FundingAccountState {
  if (query.data) return { kind: 'ready', account: query.data }
  const error = query.error
  if (error instanceof ApiError && error.status === 403 && error.serverMessage) {
    return { kind: 'refused', message: error.serverMessage, key: apiErrorBody(error)?.key }
  }
  return { kind: 'none' }
}

/**
 * An account number as people read it out and type it: groups of three, the last of four
 * rather than leave one digit alone ("9930000737" → "993 000 0737").
 */
export function groupAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\s+/g, '')
  const groups = digits.match(/.{1,3}/g) ?? []
  const last = groups.at(-1)
  if (groups.length > 1 && last?.length === 1) {
    groups.splice(-2, 2, `${groups.at(-2) ?? ''}${last}`)
  }
  return groups.join(' ')
}
