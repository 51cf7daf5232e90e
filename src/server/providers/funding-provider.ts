/**
 * Where money comes in from outside Sabi: a card charge or a bank transfer collected for a
 * top-up, or a card charged for a crypto purchase. It answers before anything is posted, so a
 * refused charge moves nothing.
 */
export type FundingProvider = {
  readonly name: string
  collect(input: {
    reference: string
    userId: string
    asset: string
    amountMinor: bigint
    method: 'card' | 'bank'
  }): Promise<{ approved: true } | { approved: false; reason: string }>
}
