import { toMoney } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/**
 * How much more than the wallet holds the bill asks for. Bills carry no fee (docs/transfers.md
 * "Bills"), so the amount is all the wallet pays. Null while the wallet holds enough, or while
 * there is no amount or wallet to compare.
 */
export function billShortfall(amount: Money | null, wallet: Wallet | undefined): Money | null {
  if (!amount || !wallet) return null
  const balance = toMoney(wallet.balance, wallet.currency.code)
  if (!balance || balance.asset !== amount.asset) return null
  const shortMinor = amount.amountMinor - balance.amountMinor
  return shortMinor > 0n ? { amountMinor: shortMinor, asset: amount.asset } : null
}
