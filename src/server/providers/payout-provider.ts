/** What a payout provider is told to pay. */
export type PayoutOrder = {
  payoutId: string
  kind: string
  asset: string
  amountMinor: bigint
  details: Record<string, unknown>
  /**
   * 1 for the first try. A later try follows one whose answer was lost (a timeout, a 5xx), so
   * a provider that may have taken it asks before it sends again (docs/paystack.md "Payouts").
   */
  attempt: number
}

/** What the provider hands back on success for the receipt, e.g. `{ token }` for electricity. */
export type PayoutReceipt = Record<string, string>

/**
 * How a payout stands at the provider. `pending` with an `alert` is one a person should look at
 * (Paystack's `otp`, or a status Sabi does not know): it stays in flight, and the worker logs and
 * counts it (docs/operations.md "Payout alerts"). `reversed` is a payout the provider paid and
 * then took back; before it was paid, it is the same as `failed`.
 */
export type PayoutResult =
  | { status: 'pending'; alert?: string }
  | { status: 'completed'; receipt?: PayoutReceipt }
  | { status: 'failed'; reason: string }
  | { status: 'reversed'; reason: string }

/**
 * A provider that moves money out of Sabi (bank payouts, billers, international partners).
 * `submit` must be idempotent on `payoutId`, so a payout sent again after a crash is paid once;
 * `status` asks how a submitted payout ended, for providers that do not call the webhook.
 */
export type PayoutProvider = {
  readonly name: string
  submit(order: PayoutOrder): Promise<{ providerReference: string; result?: PayoutResult }>
  status(providerReference: string, submittedAt: Date, nowMs: number): Promise<PayoutResult>
  /**
   * How long after submitting to first ask, for a provider that reports by webhook: polling
   * is then only the safety net for a lost webhook. Unset, the worker asks after a second.
   */
  readonly firstCheckAfterMs?: number
}
