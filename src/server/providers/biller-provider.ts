import type { PayoutProvider } from '#server/providers/payout-provider.ts'
import type { Biller, BillItem } from '#shared/schemas/bills.ts'

/** Whom a customer number belongs to, as the biller has it. */
export type BillCustomerRecord = {
  name: string
  /** The address a meter is registered at, when the biller gives one. */
  address?: string | undefined
}

/**
 * A bill aggregator: it tells whose a meter, smartcard or payment reference is before a bill is
 * paid, and takes the payments (the payout worker sends and asks after each one).
 */
export type BillerProvider = PayoutProvider & {
  /**
   * The provider's catalogue, in Sabi's bill types (docs/flutterwave.md "Catalogue"), which Sabi
   * stores and refreshes daily. Absent for a provider whose billers are Sabi's fixed list (the
   * sandbox's).
   */
  listCatalogue?(): Promise<Biller[]>
  /**
   * The customer as the biller has them, or undefined when the biller knows no such number.
   * `item` is the package to be bought, which some billers check numbers against. Never asked
   * about a phone top-up's number (isPhoneTopUp): networks name nobody.
   */
  lookupCustomer(
    biller: Biller,
    customerNumber: string,
    item: BillItem | null,
  ): Promise<BillCustomerRecord | undefined>
}
