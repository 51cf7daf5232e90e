import { ApiError } from '#client/lib/api.ts'
import type { BillCustomer, Biller } from '#shared/schemas/bills.ts'
import type { BillMessages } from './bill-labels.ts'

/** What the form reads of the biller's answer (see useBillCustomer). */
export type BillCustomerAnswer = {
  /** The typed number as the biller reads it, or null while it does not have the biller's shape. */
  number: string | null
  /** Typing has paused on this number, so the answer shown is the one for it. */
  settled: boolean
  isError: boolean
  isFetching: boolean
  error: unknown
  data: BillCustomer | undefined
}

export type BillCustomerCheck = {
  /** Why the number could not be checked, for the number field. */
  checkError: string | undefined
  /** The biller does not know the number, so the bill cannot be paid. */
  notFound: boolean
  /** The biller is being asked right now. */
  checking: boolean
  /** The customer the biller named for the number on screen. */
  found: BillCustomer | undefined
}

/**
 * Where the check of the customer number stands, for the form to show. Only the biller's own
 * "not found" (a 404) is worded by the biller; any other failure is the general message, and the
 * user may ask again.
 */
export function billCustomerCheck(
  t: BillMessages,
  biller: Biller | undefined,
  customer: BillCustomerAnswer,
): BillCustomerCheck {
  const failed = customer.number !== null && customer.settled && customer.isError
  const notFoundError =
    failed && customer.error instanceof ApiError && customer.error.status === 404
      ? customer.error
      : null
  return {
    checkError: failed ? (notFoundError?.serverMessage ?? t('checkFailed')) : undefined,
    notFound: notFoundError !== null,
    checking:
      biller !== undefined &&
      customer.number !== null &&
      !customer.isError &&
      (!customer.settled || customer.isFetching),
    found: customer.number !== null && customer.settled ? customer.data : undefined,
  }
}
