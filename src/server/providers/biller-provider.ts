import type { PayoutProvider } from '#server/providers/payout-provider.ts'
import type { Biller } from '#shared/schemas/bills.ts'

/**
 * A bill aggregator: it tells whose a meter, smartcard or payment reference is before a bill is
 * paid, and takes the payments (the payout worker sends and asks after each one).
 */
export type BillerProvider = PayoutProvider & {
  /**
   * The customer's name as the biller has it, or undefined when the biller knows no such number.
   * Never asked about a phone top-up's number (isPhoneTopUp): networks name nobody.
   */
  lookupCustomer(biller: Biller, customerNumber: string): Promise<string | undefined>
}
