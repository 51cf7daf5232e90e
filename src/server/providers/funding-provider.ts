import type { Message } from '#shared/errors.ts'
/**
 * Where money comes in from outside Sabi: a card charge or a bank transfer collected for a
 * top-up, or a card charged for a crypto purchase. It is asked last, inside the posting's
 * transaction, once the journal and its limits have passed: a payment the limits refuse charges
 * nothing, and a refused charge rolls the journal back (issue 32).
 */
export type FundingProvider = {
  readonly name: string
  collect(input: {
    reference: string
    userId: string
    asset: string
    amountMinor: bigint
    method: 'card' | 'bank'
  }): Promise<{ approved: true } | { approved: false; reason: Message }>
}
