import {
  type AssetCode,
  compare,
  formatMoney,
  isAssetCode,
  money,
  parseMoney,
} from '#shared/money.ts'
import type { MoneyProposal, Operator } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from './messages.ts'
import { formatOpsAmount } from './ops-format.ts'

/**
 * Whether the signed-in operator made this proposal, so the inbox shows "Needs another
 * operator" instead of an Approve button. The server refuses a self-approval all the same;
 * this only spares the operator a button that cannot work.
 */
export function isOwnProposal(proposal: MoneyProposal, operator: Operator): boolean {
  return proposal.proposedById === operator.id
}

/** What became of a proposal, as the operator who made or decided it reads it. */
export function proposalOutcomeText(proposal: MoneyProposal): string {
  if (proposal.status === 'executed') {
    return OPS_TEXT.proposalExecuted(proposal.resultTransactionReference)
  }
  if (proposal.status === 'rejected') return OPS_TEXT.proposalRejected
  return OPS_TEXT.proposalPending
}

/** Whether a proposal moved money at once, waits for a second operator, or was turned down. */
export function proposalTone(proposal: MoneyProposal): 'success' | 'warning' | 'neutral' {
  if (proposal.status === 'executed') return 'success'
  if (proposal.status === 'pending') return 'warning'
  return 'neutral'
}

const AMOUNT_TEXT = /^\d{1,12}(\.\d{1,8})?$/

/**
 * Why a typed amount cannot be proposed, or null when it can: it must be a plain positive
 * decimal with no more decimals than the currency has and, when `max` is given, at most that
 * (a refund: the transaction's amount and fee). In minor units, never through a float.
 */
export function amountProblem(
  text: string,
  currency: string,
  max?: { amount: string; fee: string },
): string | null {
  const typed = text.trim()
  if (!AMOUNT_TEXT.test(typed)) return OPS_TEXT.amountProblems.invalid
  if (!isAssetCode(currency)) {
    return /^0*(\.0*)?$/.test(typed) ? OPS_TEXT.amountProblems.zero : null
  }
  const parsed = parseMoney(typed, currency)
  if (!parsed.ok) {
    return parsed.reason === 'too_many_decimals'
      ? OPS_TEXT.amountProblems.tooManyDecimals
      : OPS_TEXT.amountProblems.invalid
  }
  if (parsed.value.amountMinor === 0n) return OPS_TEXT.amountProblems.zero
  if (max) {
    const limit = refundLimit(max, currency)
    if (limit && compare(parsed.value, limit) > 0) {
      return OPS_TEXT.amountProblems.tooMuch(formatOpsAmount(formatMoney(limit), currency))
    }
  }
  return null
}

function refundLimit(
  max: { amount: string; fee: string },
  currency: AssetCode,
): ReturnType<typeof money> | null {
  const amount = parseMoney(max.amount, currency)
  const fee = parseMoney(max.fee, currency)
  if (!amount.ok) return null
  return money(amount.value.amountMinor + (fee.ok ? fee.value.amountMinor : 0n), currency)
}

/** The most a dispute's refund may be, as shown: the transaction's amount and fee. */
export function refundLimitText(transaction: {
  amount: string
  fee: string
  currency: string
}): string {
  if (!isAssetCode(transaction.currency)) {
    return formatOpsAmount(transaction.amount, transaction.currency)
  }
  const limit = refundLimit(transaction, transaction.currency)
  return formatOpsAmount(limit ? formatMoney(limit) : transaction.amount, transaction.currency)
}
