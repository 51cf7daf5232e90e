import { type QueryClient, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import {
  type BillCustomer,
  type Biller,
  type BillItem,
  billCustomerSchema,
  customerNumberProblem,
  isPhoneTopUp,
  readCustomerNumber,
} from '#shared/schemas/bills.ts'

/** Typing pauses this long before the biller is asked who is behind the number. */
const CHECK_DELAY_MS = 400

export const BILL_CUSTOMER_QUERY_KEY = ['/api/billers/validate'] as const

function billCustomerQuery(
  billType: string,
  provider: string,
  item: BillItem | null,
  customerNumber: string,
) {
  const itemId = item?.id ?? ''
  return {
    queryKey: [...BILL_CUSTOMER_QUERY_KEY, billType, provider, itemId, customerNumber],
    queryFn: async (): Promise<BillCustomer> => {
      const query = new URLSearchParams({ billType, provider, accountNumber: customerNumber })
      if (itemId) query.set('item', itemId)
      return billCustomerSchema.parse(
        await apiRequest('GET', `/api/billers/validate?${query.toString()}`),
      )
    },
  }
}

/** The typed number as the biller reads it, when it has the shape the biller takes. */
export function checkableNumber(biller: Biller | undefined, text: string): string | null {
  if (!biller) return null
  const number = readCustomerNumber(biller.customerNumber, text)
  return customerNumberProblem(biller.customerNumber, number) === null ? number : null
}

/**
 * A phone top-up's answer, known without asking: no network names the person behind a number
 * (docs/transfers.md "Bills"), so there is nobody to look up and nothing to wait for.
 */
function topUpAnswer(biller: Biller, customerNumber: string): BillCustomer {
  return {
    billType: biller.type,
    provider: biller.id,
    providerName: biller.name,
    accountNumber: customerNumber,
    customerName: null,
    customerAddress: null,
  }
}

/**
 * The biller's customer behind the typed number (issue "Money out": the name is shown before
 * paying). Asked once the number has the biller's shape and typing has paused; answers are
 * kept, so going back to a number already checked asks nothing.
 */
export function useBillCustomer(
  biller: Biller | undefined,
  item: BillItem | null | undefined,
  text: string,
) {
  const number = useDebouncedValue(checkableNumber(biller, text), CHECK_DELAY_MS)
  const current = checkableNumber(biller, text)
  const topUp = biller !== undefined && isPhoneTopUp(biller.customerNumber)
  const query = useQuery({
    ...billCustomerQuery(biller?.type ?? '', biller?.id ?? '', item ?? null, number ?? ''),
    enabled:
      !topUp && biller !== undefined && item !== undefined && number !== null && number === current,
  })
  if (topUp && biller) {
    return {
      ...query,
      data: current === null ? undefined : topUpAnswer(biller, current),
      isError: false,
      isFetching: false,
      error: null,
      number: current,
      settled: true,
    }
  }
  return { ...query, number: current, settled: number === current }
}

/** The same check, on demand: a payment submitted before the debounced check has answered. */
export function fetchBillCustomer(
  queryClient: QueryClient,
  biller: Biller,
  item: BillItem | null,
  customerNumber: string,
): Promise<BillCustomer> {
  if (isPhoneTopUp(biller.customerNumber))
    return Promise.resolve(topUpAnswer(biller, customerNumber))
  return queryClient.fetchQuery(billCustomerQuery(biller.type, biller.id, item, customerNumber))
}
