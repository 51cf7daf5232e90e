import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/** An amount of the wallet's currency with its symbol, as the form and the review show it. */
export function withSymbol(wallet: Wallet, value: Money): string {
  return formatAmount(value, wallet.currency)
}
