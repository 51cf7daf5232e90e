import { findDirectoryBank } from '#server/banks/bank-directory.ts'
import { resolveAccountName } from '#server/banks/resolve-account-name.ts'
import type { DbTransaction } from '#server/db/client.ts'
import { initiatePayout } from '#server/payouts/initiate-payout.ts'
import type { BankProvider } from '#server/providers/bank-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { parseAmountOrThrow, percentageOf } from '#shared/money.ts'
import { BANK_TRANSFER_FEE_BASIS_POINTS, type BankTransferRequest } from '#shared/schemas/bank.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/**
 * A transfer to a bank account (docs/transfers.md "Bank transfers"): the account is checked by name
 * enquiry where the bank's rail has one (elsewhere the name the user typed is sent, and the
 * payout records that it was not checked), the 2% fee is charged on top, and the money leaves
 * the wallet at once into a pending payout that the worker sends and the bank's answer settles
 * or reverses.
 */
export async function sendToBank(
  tx: DbTransaction,
  userId: string,
  input: BankTransferRequest,
  provider: BankProvider,
): Promise<TransactionResponse> {
  const wallet = await findOwnWallet(tx, userId, input.fromWalletId)
  const bank = await findDirectoryBank(tx, provider, input.bankCode, wallet.asset)
  if (!bank) refuse(msg('selectBank'), 'bankCode')
  if (wallet.asset !== bank.currency) {
    refuse(
      msg('bankAccountsReceiveCurrency', { bank: bank.name, currency: bank.currency }),
      'fromWalletId',
    )
  }
  const checkedName = await resolveAccountName(provider, bank, input.accountNumber)
  const resolvedName = checkedName ?? input.accountName
  const amount = parseAmountOrThrow(input.amount, wallet.asset)
  const fee = percentageOf(amount, BANK_TRANSFER_FEE_BASIS_POINTS)
  const journal = await initiatePayout(tx, {
    userId,
    wallet,
    amount,
    fee,
    kind: 'bank',
    provider: provider.name,
    details: {
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
      accountName: input.accountName,
      resolvedAccountName: resolvedName,
      nameChecked: checkedName !== undefined,
      bankType: bank.type,
    },
    recipient: {
      kind: 'bank',
      name: resolvedName,
      accountNumber: input.accountNumber,
      bankCode: bank.code,
      countryCode: bank.country,
      details: { bankName: bank.name, currency: bank.currency },
    },
    description:
      input.description ||
      englishDescription({
        kind: 'bankTransfer',
        accountName: input.accountName,
        bankName: bank.name,
      }),
  })
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}
