import { z } from 'zod'
import { isPositiveAmountText, readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, type useAmountMessages } from '#client/lib/amount-messages.ts'
import { ACCOUNT_NUMBER_MIN_LENGTH } from '#shared/schemas/bank.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { useBankTransferMessages } from './messages.ts'

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

type AmountMessages = ReturnType<typeof useAmountMessages>

/** An account name of at least 2 characters; at most what the server accepts. */
const ACCOUNT_NAME_MIN_LENGTH = 2
export const ACCOUNT_NAME_MAX_LENGTH = 100

/**
 * docs/transfers.md "Bank transfers", worded in the user's language with the shared schema's
 * messages: a wallet, a bank, an account number of at least 10 digits, an account name, an amount
 * above zero with no more decimals than the wallet's currency has, an optional description.
 */
export function bankTransferFormSchema(
  t: BankTransferMessages,
  a: AmountMessages,
  wallets: readonly Wallet[],
) {
  return z
    .object({
      fromWalletId: z.string().min(1, t('selectWallet')),
      bankCode: z.string().min(1, t('selectBank')),
      accountNumber: z
        .string()
        .trim()
        .min(ACCOUNT_NUMBER_MIN_LENGTH, t('accountNumberShort'))
        .regex(/^\d+$/, t('accountNumberShort')),
      accountName: z
        .string()
        .trim()
        .min(ACCOUNT_NAME_MIN_LENGTH, t('accountNameRequired'))
        .max(ACCOUNT_NAME_MAX_LENGTH, t('accountNameTooLong', { max: ACCOUNT_NAME_MAX_LENGTH })),
      amount: z.string().refine(isPositiveAmountText, a('amountPositive')),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX_LENGTH, t('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })),
    })
    .superRefine((values, context) => {
      const wallet = wallets.find((candidate) => candidate.id === values.fromWalletId)
      if (!wallet) {
        context.addIssue({ code: 'custom', path: ['fromWalletId'], message: t('selectWallet') })
        return
      }
      if (!isPositiveAmountText(values.amount)) return
      const amount = readAmountInput(values.amount, wallet.currency.code)
      if (amount.ok) return
      const message = describeAmountProblem(amount.problem, wallet.currency.code, a)
      context.addIssue({ code: 'custom', path: ['amount'], message })
    })
}

export type BankTransferFormValues = z.infer<ReturnType<typeof bankTransferFormSchema>>

export const EMPTY_BANK_TRANSFER_FORM: BankTransferFormValues = {
  fromWalletId: '',
  bankCode: '',
  accountNumber: '',
  accountName: '',
  amount: '',
  description: '',
}
