import { AppError } from '#shared/errors.ts'
import { type AssetCode, exponentOf, formatMinor, groupDigits } from '#shared/money.ts'
import { InsufficientFundsError } from './ledger-errors.ts'

/**
 * Turns the ledger's InsufficientFundsError into the message a user reads, with the shortfall
 * (issue "Ledger core": "409 insufficient funds with the shortfall in the message").
 */
export function explainInsufficientFunds(
  error: unknown,
  asset: AssetCode,
  symbol: string,
): unknown {
  if (!(error instanceof InsufficientFundsError)) return error
  const show = (minor: bigint) => `${symbol}${groupDigits(formatMinor(minor, exponentOf(asset)))}`
  const shortfall = error.requiredMinor - error.balanceMinor
  return new AppError(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds: you need ${show(error.requiredMinor)} but your balance is ${show(error.balanceMinor)} (${show(shortfall)} short)`,
  )
}
