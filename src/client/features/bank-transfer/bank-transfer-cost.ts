import { basisPointsPercentText, formatPercent } from '#client/lib/format-change.ts'
import { add, type Money, percentageOf } from '#shared/money.ts'
import { BANK_TRANSFER_FEE_BASIS_POINTS } from '#shared/schemas/bank.ts'

export type BankTransferCost = { amount: Money; fee: Money; total: Money }

/**
 * What a bank transfer costs (docs/money.md "Fees"): the 2% fee on top of the amount, rounded
 * half-up to the currency's minor unit by the same shared helper the server charges with, so the
 * summary is exactly what leaves the wallet.
 */
export function bankTransferCost(amount: Money): BankTransferCost {
  const fee = percentageOf(amount, BANK_TRANSFER_FEE_BASIS_POINTS)
  return { amount, fee, total: add(amount, fee) }
}

/** "2%" ("2 %" in French): the fee as the summary labels it, from the basis points charged. */
export function bankFeePercentText(): string {
  return formatPercent(basisPointsPercentText(BANK_TRANSFER_FEE_BASIS_POINTS))
}
