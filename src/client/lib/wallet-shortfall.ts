import { toMoney } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'

/** What the shortfall reads of a wallet (a `Wallet` of src/shared/schemas/reference.ts). */
export type WalletBalance = { balance: string; currency: { code: string } }

/**
 * How much more than the wallet holds a payment takes, `total` being everything that leaves the
 * wallet (amount plus fee). Null while the wallet holds enough, or while there is no wallet or
 * total to compare, or they are in different currencies. The one place this is worked out: every
 * money form and the review sheet ask it (docs/screens.md "Money actions").
 */
export function walletShortfall(
  wallet: WalletBalance | undefined | null,
  total: Money | null | undefined,
): Money | null {
  if (!wallet || !total) return null
  const balance = toMoney(wallet.balance, wallet.currency.code)
  if (!balance || balance.asset !== total.asset) return null
  const shortMinor = total.amountMinor - balance.amountMinor
  return shortMinor > 0n ? { amountMinor: shortMinor, asset: total.asset } : null
}
