import type { Review } from '#client/components/money-action/use-money-action.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { type BankTransferCost, bankFeePercentText } from './bank-transfer-cost.ts'
import type { BankTransferFormValues } from './bank-transfer-form-schema.ts'
import type { useBankTransferMessages } from './messages.ts'
import { namesMatch } from './name-match.ts'

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

/**
 * What the review sheet shows before a bank transfer moves (docs/screens.md "Money actions"): the
 * holder's name as the bank gave it, else as typed, marked verified only when the two match; the
 * bank and account number; then the amount, the fee and the total, as the form's summary has them.
 */
export function bankTransferReview({
  t,
  wallet,
  charges,
  values,
  resolvedName,
  bankNames,
}: {
  t: BankTransferMessages
  wallet: Wallet
  charges: BankTransferCost
  values: Pick<BankTransferFormValues, 'bankCode' | 'accountNumber' | 'accountName'>
  /** The name the bank's enquiry returned for the account, when it has. */
  resolvedName: string | null
  bankNames: ReadonlyMap<string, string>
}): Review {
  return {
    title: t('reviewTitle'),
    recipient: {
      name: resolvedName ?? values.accountName,
      detail: `${bankNames.get(values.bankCode) ?? values.bankCode} · ${values.accountNumber}`,
      verified: resolvedName !== null && namesMatch(values.accountName, resolvedName),
    },
    rows: [
      { label: t('summaryAmount'), value: formatAmount(charges.amount, wallet.currency) },
      {
        label: t('summaryFee', { percent: bankFeePercentText() }),
        value: formatAmount(charges.fee, wallet.currency),
      },
      {
        label: t('summaryTotal'),
        value: formatAmount(charges.total, wallet.currency),
        strong: true,
      },
    ],
    note: t('reviewArrival'),
  }
}
