import { toMoney } from '#client/lib/format-amount.ts'
import { type Money, subtract } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { BankTransferCost } from './bank-transfer-cost.ts'

/**
 * How much more than the wallet holds the transfer takes, the fee included (docs/transfers.md
 * "Bank transfers": the screen says by how much the balance falls short). Null while the wallet
 * holds enough, or while there is no wallet or amount to compare.
 */
export function balanceShortfall(
  wallet: Wallet | undefined,
  cost: BankTransferCost | null,
): Money | null {
  const balance = wallet ? toMoney(wallet.balance, wallet.currency.code) : null
  return cost &&
    balance &&
    balance.asset === cost.total.asset &&
    balance.amountMinor < cost.total.amountMinor
    ? subtract(cost.total, balance)
    : null
}
