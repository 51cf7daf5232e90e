/**
 * A provider's own records of one day, for the daily reconciliation (docs/reconciliation.md):
 * the payouts it made, the payments it took, and what it holds for Sabi now.
 */
export type ProviderRecords = {
  readonly name: string
  transfersOn(day: string): Promise<RecordedTransfer[]>
  paymentsOn(day: string): Promise<RecordedPayment[]>
  /** Minor units per currency. */
  balances(): Promise<Map<string, bigint>>
}

export type RecordedTransfer = {
  reference: string
  status: string
  amountMinor: bigint
  currency: string
}

export type RecordedPayment = {
  reference: string
  status: string
  amountMinor: bigint
  currency: string
  channel: string
}
