import type { Message } from '#shared/errors.ts'

/** Who a user's own account number is made for (docs/funding.md "Your Sabi account number"). */
export type FundingCustomer = {
  userId: string
  email: string
  firstName: string
  lastName: string
  phone: string | undefined
}

/** A user's own account number for top-ups by bank transfer. */
export type OpenedBankAccount = {
  /** The provider's customer: money into the account is matched to the user by it. */
  customerCode: string
  accountNumber: string
  accountName: string
  bankName: string
}

/**
 * A payment that arrived (or did not) at the provider, by its reference: what a verify call or
 * a charge.success webhook tells (docs/funding.md).
 */
export type IncomingPayment = {
  reference: string
  status: 'success' | 'failed' | 'pending'
  amountMinor: bigint
  currency: string
  /** card, dedicated_nuban (a bank transfer into a user's account number), ... */
  channel: string
  customerCode: string | undefined
  providerTransactionId: string | undefined
  senderName: string | undefined
  senderBank: string | undefined
  paidAt: Date | undefined
}

type FundingBase = {
  readonly name: string
  openBankAccount(customer: FundingCustomer): Promise<OpenedBankAccount>
}

/**
 * The sandbox's way: money is collected inside the request (a top-up, or a card charged for a
 * crypto purchase). It is asked last, inside the posting's transaction, once the journal and its
 * limits have passed: a payment the limits refuse charges nothing, and a refused charge rolls the
 * journal back (issue 32).
 */
export type InstantFunding = FundingBase & {
  readonly topUps: 'instant'
  collect(input: {
    reference: string
    userId: string
    asset: string
    amountMinor: bigint
    method: 'card' | 'bank'
  }): Promise<{ approved: true } | { approved: false; reason: Message }>
}

/**
 * A real collector (Paystack): a card top-up is paid on the provider's checkout page and
 * credited when the provider confirms it; a bank top-up arrives in the user's own account
 * number; money held over a limit can be refunded; and each day's payments can be listed for
 * reconciliation (docs/funding.md, docs/reconciliation.md).
 */
export type CheckoutFunding = FundingBase & {
  readonly topUps: 'checkout'
  /** The currencies a card checkout accepts. */
  readonly checkoutCurrencies: ReadonlySet<string>
  startCheckout(input: {
    reference: string
    email: string
    asset: string
    amountMinor: bigint
    callbackUrl: string
  }): Promise<{ authorizationUrl: string }>
  /** The payment by reference, or undefined when the provider has none. */
  verifyPayment(reference: string): Promise<IncomingPayment | undefined>
  refund(input: { reference: string; amountMinor: bigint }): Promise<void>
}

export type FundingProvider = InstantFunding | CheckoutFunding
