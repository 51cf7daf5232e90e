import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { add, type Money } from '#shared/money.ts'
import {
  type InternationalMethod,
  type InternationalRegion,
  internationalFeeOf,
} from '#shared/schemas/international.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/** What a transfer takes from the wallet, and how much of it the wallet does not hold. */
export type BalanceShortfall = { total: Money; short: Money }

/**
 * Whether the wallet can pay the amount and its fee, the fee being known before the quote
 * arrives (docs/transfers.md "Regions and fees"), so the balance check does not wait for it.
 * Null while the wallet holds enough, or while there is no amount or wallet to compare.
 */
export function balanceShortfall(
  wallet: Wallet | undefined,
  amount: Money | null,
  region: InternationalRegion,
  method: InternationalMethod,
): BalanceShortfall | null {
  if (!wallet || !amount) return null
  const total = add(amount, internationalFeeOf(amount, region, method))
  const short = walletShortfall(wallet, total)
  return short ? { total, short } : null
}
