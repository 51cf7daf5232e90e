/** What a payout provider is told to pay. */
export type PayoutOrder = {
  payoutId: string
  kind: string
  asset: string
  amountMinor: bigint
  details: Record<string, unknown>
}

/** What the provider hands back on success for the receipt, e.g. `{ token }` for electricity. */
export type PayoutReceipt = Record<string, string>

export type PayoutResult =
  | { status: 'pending' }
  | { status: 'completed'; receipt?: PayoutReceipt }
  | { status: 'failed'; reason: string }

/**
 * A provider that moves money out of Sabi (bank payouts, billers, international partners).
 * `submit` must be idempotent on `payoutId`, so a payout sent again after a crash is paid once;
 * `status` asks how a submitted payout ended, for providers that do not call the webhook.
 */
export type PayoutProvider = {
  readonly name: string
  submit(order: PayoutOrder): Promise<{ providerReference: string }>
  status(providerReference: string, submittedAt: Date, nowMs: number): Promise<PayoutResult>
}
