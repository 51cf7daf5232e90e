import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { AppError } from '#shared/errors.ts'
import {
  type Biller,
  type BillPaymentType,
  CUSTOMER_NUMBER_NAMES,
  customerNumberProblem,
  findBiller,
  isPhoneTopUp,
  readCustomerNumber,
} from '#shared/schemas/bills.ts'

function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

function refuse(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

function lengthText(biller: Biller): string {
  const { minLength, maxLength, characters } = biller.customerNumber
  const unit = characters === 'digits' ? 'digits' : 'letters or digits'
  return minLength === maxLength ? `${minLength} ${unit}` : `${minLength} to ${maxLength} ${unit}`
}

/** The biller a request names: it must be one of the bill type's own. */
export function findBillerOrThrow(type: BillPaymentType, providerId: string): Biller {
  const biller = findBiller(type, providerId)
  if (!biller) refuse('Please select a provider', 'provider')
  return biller
}

export type BillCustomerFound = {
  biller: Biller
  customerNumber: string
  /** Null for a phone top-up: a network answers for a number, never for a person. */
  customerName: string | null
}

/**
 * Asks the biller who is behind a customer number, before any money moves: a number of the
 * wrong shape is a 400 naming what the biller expects, one the biller does not know is a 404.
 * A phone top-up is not asked about: no biller names the person behind a phone number, so a
 * name shown for one would be made up (issue 31), and the top-up is shown by its network and
 * number instead.
 */
export async function findBillCustomer(
  biller: Biller,
  accountNumber: string,
  provider: BillerProvider,
): Promise<BillCustomerFound> {
  const customerNumber = readCustomerNumber(biller.customerNumber, accountNumber)
  const name = CUSTOMER_NUMBER_NAMES[biller.customerNumber.kind]
  const problem = customerNumberProblem(biller.customerNumber, customerNumber)
  if (problem === 'required') refuse('Account number is required', 'accountNumber')
  if (problem !== null) {
    refuse(`${capitalise(name)}s for ${biller.name} are ${lengthText(biller)}`, 'accountNumber')
  }
  if (isPhoneTopUp(biller.customerNumber)) return { biller, customerNumber, customerName: null }
  const customerName = await provider.lookupCustomer(biller, customerNumber)
  if (!customerName) {
    // A payment reference names a bill to pay, not a customer.
    const what =
      biller.customerNumber.kind === 'paymentReference'
        ? `No payment reference ${customerNumber}`
        : `No customer with ${name} ${customerNumber}`
    throw new AppError('NOT_FOUND', `${what} was found at ${biller.name}`)
  }
  return { biller, customerNumber, customerName }
}
