import { formatAmount } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/**
 * A wallet's balance as people read it, in their language: symbol, thousands separators, two
 * decimals ("$1,250.00" in English).
 */
export function formatWalletBalance(wallet: Pick<Wallet, 'balance' | 'currency'>): string {
  return formatAmount(wallet.balance, wallet.currency)
}
