import { AppError, amountParam, msg } from '#shared/errors.ts'
import { type AssetCode, exponentOf, formatMinor } from '#shared/money.ts'
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
  const show = (minor: bigint) => amountParam(formatMinor(minor, exponentOf(asset)), symbol)
  const shortfall = error.requiredMinor - error.balanceMinor
  return new AppError(
    'INSUFFICIENT_FUNDS',
    msg('insufficientFundsShortfall', {
      required: show(error.requiredMinor),
      balance: show(error.balanceMinor),
      shortfall: show(shortfall),
    }),
  )
}
