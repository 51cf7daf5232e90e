import type { PayoutProvider } from '#server/providers/payout-provider.ts'

/** A bank (or mobile-money service) a bank provider pays into, as its directory lists it. */
export type DirectoryBank = {
  /** ISO country: NG, ZA or KE. */
  country: string
  code: string
  name: string
  currency: string
  /** The provider's rail: nuban (Nigeria), basa (South Africa), kepss, mobile_money (M-Pesa). */
  type: string
  /** Whether the account holder's name can be asked before sending (docs/transfers.md "Banks"). */
  nameEnquiry: boolean
}

/**
 * Name enquiry's answer: the holder's name, no such account, or `unchecked` where the bank's
 * rail has no name enquiry (South Africa, M-Pesa), so the name the user typed is used.
 */
export type AccountEnquiry =
  | { status: 'found'; name: string }
  | { status: 'not_found' }
  | { status: 'unchecked' }

/**
 * A bank payout partner: it lists the banks it pays into (the directory, refreshed daily), tells
 * whose an account is (name enquiry) before money is sent, and pays out to it (the payout worker
 * sends and asks after each payout).
 */
export type BankProvider = PayoutProvider & {
  listBanks(): Promise<DirectoryBank[]>
  resolveAccount(input: { bank: DirectoryBank; accountNumber: string }): Promise<AccountEnquiry>
}
