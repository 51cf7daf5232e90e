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
 * Where the bank confirms no names (South African banks, M-Pesa), the typed name comes with a
 * warning that nobody checked it.
 */
export function bankTransferReview({
  t,
  wallet,
  charges,
  values,
  resolvedName,
  nameUnchecked = false,
  bankNames,
}: {
  t: BankTransferMessages
  wallet: Wallet
  charges: BankTransferCost
  values: Pick<BankTransferFormValues, 'bankCode' | 'accountNumber' | 'accountName'>
  /** The name the bank's enquiry returned for the account, when it has. */
  resolvedName: string | null
  /** The bank has no name enquiry, so the name is the user's own, unchecked. */
  nameUnchecked?: boolean
  bankNames: ReadonlyMap<string, string>
}): Review {
  const bankName = bankNames.get(values.bankCode) ?? values.bankCode
  return {
    title: t('reviewTitle'),
    recipient: {
      name: resolvedName ?? values.accountName,
      detail: `${bankName} · ${values.accountNumber}`,
      verified: resolvedName !== null && namesMatch(values.accountName, resolvedName),
      ...(nameUnchecked && resolvedName === null
        ? { caution: t('nameNotCheckedReview', { bank: bankName }) }
        : {}),
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
