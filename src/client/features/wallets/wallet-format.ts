import { formatAmount } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/** A wallet's balance as people read it: symbol, thousands separators, two decimals ("$1,250.00"). */
export function formatWalletBalance(wallet: Pick<Wallet, 'balance' | 'currency'>): string {
  return `${wallet.currency.symbol}${formatAmount(wallet.balance, wallet.currency.code)}`
}
