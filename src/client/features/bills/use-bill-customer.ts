import { type QueryClient, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import {
  type BillCustomer,
  type Biller,
  billCustomerSchema,
  customerNumberProblem,
  normaliseCustomerNumber,
} from '#shared/schemas/bills.ts'

/** Typing pauses this long before the biller is asked who is behind the number. */
const CHECK_DELAY_MS = 400

export const BILL_CUSTOMER_QUERY_KEY = ['/api/billers/validate'] as const

function billCustomerQuery(billType: string, provider: string, customerNumber: string) {
  return {
    queryKey: [...BILL_CUSTOMER_QUERY_KEY, billType, provider, customerNumber],
    queryFn: async (): Promise<BillCustomer> => {
      const query = new URLSearchParams({ billType, provider, accountNumber: customerNumber })
      return billCustomerSchema.parse(
        await apiRequest('GET', `/api/billers/validate?${query.toString()}`),
      )
    },
  }
}

/** The typed number as the biller reads it, when it has the shape the biller takes. */
export function checkableNumber(biller: Biller | undefined, text: string): string | null {
  if (!biller) return null
  const number = normaliseCustomerNumber(text)
  return customerNumberProblem(biller.customerNumber, number) === null ? number : null
}

/**
 * The biller's customer behind the typed number (issue "Money out": the name is shown before
 * paying). Asked once the number has the biller's shape and typing has paused; answers are
 * kept, so going back to a number already checked asks nothing.
 */
export function useBillCustomer(biller: Biller | undefined, text: string) {
  const number = useDebouncedValue(checkableNumber(biller, text), CHECK_DELAY_MS)
  const current = checkableNumber(biller, text)
  const query = useQuery({
    ...billCustomerQuery(biller?.type ?? '', biller?.id ?? '', number ?? ''),
    enabled: biller !== undefined && number !== null && number === current,
  })
  return { ...query, number: current, settled: number === current }
}

/** The same check, on demand: a payment submitted before the debounced check has answered. */
export function fetchBillCustomer(
  queryClient: QueryClient,
  biller: Biller,
  customerNumber: string,
): Promise<BillCustomer> {
  return queryClient.fetchQuery(billCustomerQuery(biller.type, biller.id, customerNumber))
}
