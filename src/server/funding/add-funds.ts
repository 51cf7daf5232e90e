import { randomUUID } from 'node:crypto'
import type { Transaction } from '#server/db/client.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, parseAmountOrThrow } from '#shared/money.ts'
import { ADD_FUNDS_MAX_MAJOR, type AddFundsRequest } from '#shared/schemas/money-requests.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

/**
 * "Add Funds": the funding provider collects the money by card or bank transfer, then it
 * arrives at once from the external-funding account (which goes negative by the same amount,
 * so the books still sum to zero). A refused charge moves nothing.
 */
export async function addFunds(
  tx: Transaction,
  userId: string,
  input: AddFundsRequest,
  funding: FundingProvider,
): Promise<TransactionResponse> {
  const wallet = await findOwnWallet(tx, userId, input.walletId)
  const amount = parseAmountOrThrow(input.amount, wallet.asset, {
    maxMinor: ADD_FUNDS_MAX_MAJOR * 10n ** BigInt(exponentOf(wallet.asset)),
  })
  const collected = await funding.collect({
    reference: `top-up-${randomUUID()}`,
    userId,
    asset: wallet.asset,
    amountMinor: amount.amountMinor,
    method: input.method,
  })
  if (!collected.approved) throw new AppError('PAYMENT_DECLINED', collected.reason)
  const externalFunding = await systemAccountId(tx, 'external_funding', wallet.asset)
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
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}
