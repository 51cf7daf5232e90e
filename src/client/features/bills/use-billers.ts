import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import {
  type Biller,
  type BillItem,
  type BillPaymentType,
  billTypeGroupSchema,
  chosenItem,
} from '#shared/schemas/bills.ts'

export const BILLERS_QUERY_KEY = ['/api/billers'] as const

const billerGroupsSchema = billTypeGroupSchema.array()

export type BillerCatalogue = readonly { type: BillPaymentType; providers: Biller[] }[]

async function fetchBillers(): Promise<BillerCatalogue> {
  return billerGroupsSchema.parse(await apiRequest('GET', '/api/billers'))
}

/**
 * The billers of each bill type with what they sell, as the server's bill provider offers them
 * (docs/transfers.md "Bill types and providers"): a live catalogue in production, the fixed
 * list in the sandbox. It changes once a day at most.
 */
export function useBillers() {
  return useQuery({
    queryKey: BILLERS_QUERY_KEY,
    queryFn: fetchBillers,
    staleTime: 60 * 60 * 1000,
  })
}

/** The providers of one bill type. */
export function billersIn(catalogue: BillerCatalogue | undefined, type: BillPaymentType): Biller[] {
  return catalogue?.find((group) => group.type === type)?.providers ?? []
}

/** The biller a form names, only when it is one of the type's. */
export function billerIn(
  catalogue: BillerCatalogue | undefined,
  type: BillPaymentType | undefined,
  id: string,
): Biller | undefined {
  if (!type) return undefined
  return billersIn(catalogue, type).find((biller) => biller.id === id)
}

/** The item a form names ('' for the biller's any-amount item), or undefined when none fits. */
export function itemIn(biller: Biller | undefined, id: string): BillItem | null | undefined {
  if (!biller) return undefined
  const chosen = chosenItem(biller, id === '' ? undefined : id)
  return chosen.found ? chosen.item : undefined
}
