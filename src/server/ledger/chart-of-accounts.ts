import { ASSET_EXPONENTS, type AssetCode } from '#shared/money.ts'

/**
 * The chart of accounts (docs/ledger.md "Accounts"). Customers hold `wallet` accounts (fiat) and
 * `holding` accounts (crypto), which can never go below zero. The house holds one `system` account
 * per role and asset; those may go negative, because money entering Sabi from outside shows as a
 * negative balance on the account it came through, so every asset always sums to zero.
 */
export const SYSTEM_ROLES = {
  /** Fees Sabi has earned. */
  fees: 'Fees earned',
  /** The house side of currency exchange: one leg in each asset. */
  fx_liquidity: 'FX liquidity',
  /** Bank and international payouts sent to a provider and not yet settled. */
  payouts_in_flight: 'Payouts in flight',
  /** Bill payments sent to a biller and not yet settled. */
  biller_settlement: 'Biller settlement',
  /** Card payments accepted at a POS terminal or for a crypto purchase. */
  card_acquiring: 'Card acquiring',
  /** Top-ups from outside Sabi (card or bank); sandbox funding in sandbox mode. */
  external_funding: 'External funding',
  /** The house's crypto inventory, the counterpart of customers' holdings. */
  crypto_custody: 'Crypto custody',
  /** Money that has left Sabi for good through a settled payout or bill. */
  external_settlement: 'External settlement',
  /**
   * Money received for a customer that their KYC limit would not let into their wallet: owed
   * to them (or to its sender) until it is credited or refunded (docs/funding.md "Over the
   * limit"). A liability, never below zero.
   */
  funding_suspense: 'Received over a limit',
  /**
   * Refunds and adjustments staff made from the operations console, approved under the four-eyes
   * rule (docs/operations-console.md "Money"): what Sabi paid customers back, or took back, of
   * its own money.
   */
  operations_adjustments: 'Refunds and adjustments',
} as const

export type SystemRole = keyof typeof SYSTEM_ROLES

export const CUSTOMER_ACCOUNT_KINDS = ['wallet', 'holding', 'pocket'] as const
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number]

export const ALL_ASSETS = Object.keys(ASSET_EXPONENTS).filter(
  (code): code is AssetCode => code in ASSET_EXPONENTS,
)
