import type { Queryable } from '#server/db/client.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { AppError, type ErrorKey, type Message, msg } from '#shared/errors.ts'
import {
  type Biller,
  type BillItem,
  type BillPaymentType,
  type CustomerNumberKind,
  chosenItem,
  customerNumberProblem,
  isPhoneTopUp,
  readCustomerNumber,
} from '#shared/schemas/bills.ts'
import { findCatalogueBiller } from './bill-catalogue.ts'

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

/** The biller a request names: it must be one of the bill type's own, in the live catalogue. */
export async function findBillerOrThrow(
  db: Queryable,
  provider: BillerProvider,
  type: BillPaymentType,
  providerId: string,
): Promise<Biller> {
  const biller = await findCatalogueBiller(db, provider, type, providerId)
  if (!biller) refuse(msg('selectProvider'), 'provider')
  return biller
}

/** The package a request names, or the biller's any-amount item when it names none. */
export function findItemOrThrow(biller: Biller, itemId: string | undefined): BillItem | null {
  const chosen = chosenItem(biller, itemId)
  if (!chosen.found) refuse(msg('selectPackage'), 'item')
  return chosen.item
}

export type BillCustomerFound = {
  biller: Biller
  customerNumber: string
  /** Null for a phone top-up: a network answers for a number, never for a person. */
  customerName: string | null
  /** The meter's address where the biller gives one. */
  customerAddress: string | null
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
  item: BillItem | null,
  accountNumber: string,
  provider: BillerProvider,
): Promise<BillCustomerFound> {
  const customerNumber = readCustomerNumber(biller.customerNumber, accountNumber)
  const problem = customerNumberProblem(biller.customerNumber, customerNumber)
  if (problem === 'required') refuse(msg('accountNumberRequired'), 'accountNumber')
  if (problem !== null) {
    refuse(lengthMessage(biller), 'accountNumber')
  }
  if (isPhoneTopUp(biller.customerNumber))
    return { biller, customerNumber, customerName: null, customerAddress: null }
  const customer = await provider.lookupCustomer(biller, customerNumber, item)
  if (!customer) {
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
  return {
    biller,
    customerNumber,
    customerName: customer.name,
    customerAddress: customer.address ?? null,
  }
}
