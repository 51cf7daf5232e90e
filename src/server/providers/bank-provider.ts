import type { PayoutProvider } from '#server/providers/payout-provider.ts'

/**
 * A bank payout partner: it tells whose an account is (name enquiry) before money is sent, and
 * pays out to it (the payout worker sends and asks after each payout).
 */
export type BankProvider = PayoutProvider & {
  /** The account holder's name, or undefined when the bank has no such account. */
  resolveAccount(input: { bankCode: string; accountNumber: string }): Promise<string | undefined>
}
