import type { DbTransaction } from '#server/db/client.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import type { InstantFunding } from '#server/providers/funding-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, parseAmountOrThrow } from '#shared/money.ts'
import { ADD_FUNDS_MAX_MAJOR, type AddFundsRequest } from '#shared/schemas/money-requests.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

/**
 * "Add Funds": the money arrives at once from the external-funding account (which goes
 * negative by the same amount, so the books still sum to zero) and the funding provider
 * collects it by card or bank transfer, in the same transaction. A refused charge, or a top-up
 * the limits refuse, moves nothing and charges nothing.
 */
export async function addFunds(
  tx: DbTransaction,
  userId: string,
  input: AddFundsRequest,
  funding: InstantFunding,
): Promise<TransactionResponse> {
  const wallet = await findOwnWallet(tx, userId, input.walletId)
  const amount = parseAmountOrThrow(input.amount, wallet.asset, {
    maxMinor: ADD_FUNDS_MAX_MAJOR * 10n ** BigInt(exponentOf(wallet.asset)),
  })
  const externalFunding = await systemAccountId(tx, 'external_funding', wallet.asset)
  // The journal first: its KYC limits (docs/limits.md) refuse it before any card is charged.
  // The charge comes last, inside the same transaction: a declined charge rolls the journal
  // back, and a refused top-up never charges (issue 32: a top-up over the balance cap kept its
  // charge, and its retry charged again).
  const journal = await postJournal(
    tx,
    {
      type: 'add_funds',
      status: 'completed',
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      toUserId: userId,
      toWalletId: wallet.id,
      description: englishDescription({ kind: 'addFunds', method: input.method }),
    },
    [
      { accountId: externalFunding, asset: wallet.asset, amountMinor: -amount.amountMinor },
      { accountId: wallet.accountId, asset: wallet.asset, amountMinor: amount.amountMinor },
    ],
  )
  const collected = await funding.collect({
    reference: `top-up-${journal.id}`,
    userId,
    asset: wallet.asset,
    amountMinor: amount.amountMinor,
    method: input.method,
  })
  if (!collected.approved) throw new AppError('PAYMENT_DECLINED', collected.reason)
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}
