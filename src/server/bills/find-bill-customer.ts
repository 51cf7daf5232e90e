import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { AppError, type ErrorKey, type Message, msg } from '#shared/errors.ts'
import {
  type Biller,
  type BillPaymentType,
  type CustomerNumberKind,
  customerNumberProblem,
  findBiller,
  isPhoneTopUp,
  readCustomerNumber,
} from '#shared/schemas/bills.ts'

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/** How long each kind of customer number is, in the catalog's words. */
const LENGTH_KEYS: Record<CustomerNumberKind, { range: ErrorKey; exact: ErrorKey }> = {
  meter: { range: 'meterNumbersBillerMin', exact: 'meterNumbersBillerMin' },
  phone: { range: 'phoneNumbersBillerLength', exact: 'phoneNumbersBillerLength' },
  customerId: { range: 'customerIdsBillerMin', exact: 'customerIdsBillerMin' },
  smartcard: { range: 'smartcardNumbersBillerMin', exact: 'smartcardNumbersBillerMin' },
  policy: { range: 'policyNumbersBillerMin', exact: 'policyNumbersBillerMin' },
  tenant: { range: 'tenantReferencesBillerMin', exact: 'tenantReferencesBillerMin' },
  paymentReference: { range: 'paymentReferencesBillerMin', exact: 'paymentReferencesBillerLength' },
}

/** The customer a number names was not found, in the catalog's words for its kind. */
const NOT_FOUND_KEYS: Record<CustomerNumberKind, ErrorKey> = {
  meter: 'noCustomerMeterNumber',
  phone: 'noCustomerPhoneNumber',
  customerId: 'noCustomerCustomerId',
  smartcard: 'noCustomerSmartcardNumber',
  policy: 'noCustomerPolicyNumber',
  tenant: 'noCustomerTenantReference',
  paymentReference: 'noPaymentReferenceReference',
}

function lengthMessage(biller: Biller): Message {
  const { kind, minLength, maxLength } = biller.customerNumber
  const keys = LENGTH_KEYS[kind]
  return minLength === maxLength
    ? msg(keys.exact, { biller: biller.name, length: minLength, min: minLength, max: maxLength })
    : msg(keys.range, { biller: biller.name, min: minLength, max: maxLength })
}

/** The biller a request names: it must be one of the bill type's own. */
export function findBillerOrThrow(type: BillPaymentType, providerId: string): Biller {
  const biller = findBiller(type, providerId)
  if (!biller) refuse(msg('selectProvider'), 'provider')
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
  const problem = customerNumberProblem(biller.customerNumber, customerNumber)
  if (problem === 'required') refuse(msg('accountNumberRequired'), 'accountNumber')
  if (problem !== null) {
    refuse(lengthMessage(biller), 'accountNumber')
  }
  if (isPhoneTopUp(biller.customerNumber)) return { biller, customerNumber, customerName: null }
  const customerName = await provider.lookupCustomer(biller, customerNumber)
  if (!customerName) {
    // A payment reference names a bill to pay, not a customer.
    throw new AppError(
      'NOT_FOUND',
      msg(NOT_FOUND_KEYS[biller.customerNumber.kind], {
        number: customerNumber,
        reference: customerNumber,
        biller: biller.name,
      }),
    )
  }
  return { biller, customerNumber, customerName }
}
