import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/** An amount of the wallet's currency with its symbol: "$101.75", from money or the server's text. */
export function withSymbol(wallet: Wallet, value: Money | string): string {
  return formatAmount(value, wallet.currency)
}
