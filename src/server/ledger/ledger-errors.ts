import { AppError, msg } from '#shared/errors.ts'

/**
 * A customer account would go below zero. It carries the figures the use case needs to tell
 * the user by how much they are short.
 */
export class InsufficientFundsError extends AppError {
  readonly accountId: number
  readonly balanceMinor: bigint
  readonly requiredMinor: bigint

  constructor(accountId: number, balanceMinor: bigint, requiredMinor: bigint) {
    super('INSUFFICIENT_FUNDS', msg('insufficientFunds'))
    this.accountId = accountId
    this.balanceMinor = balanceMinor
    this.requiredMinor = requiredMinor
  }
}

/** A programmer error: the ledger was asked to do something that can never be right. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`ledger invariant violated: ${message}`)
}
