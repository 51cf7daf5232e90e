import type { Review } from '#client/components/money-action/use-money-action.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { BillCustomer, Biller } from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { BillMessages } from './bill-labels.ts'

/**
 * The review sheet of a bill payment (docs/screens.md "Money actions"): the customer the biller
 * named, then the amount, the fee and the total. Bills carry no fee (docs/transfers.md "Bills"),
 * so the total is the amount.
 */
export function billReview(
  t: BillMessages,
  {
    biller,
    customer,
    customerNumber,
    amount,
    wallet,
  }: {
    biller: Biller
    customer: BillCustomer
    /** The number as the biller read it. */
    customerNumber: string
    amount: Money
    wallet: Wallet
  },
): Review {
  const shown = formatAmount(amount, wallet.currency)
  return {
    title: t('reviewTitle'),
    recipient: {
      name: customer.customerName,
      detail: `${biller.name} · ${customerNumber}`,
      verified: true,
    },
    rows: [
      { label: t('reviewAmount'), value: shown },
      { label: t('reviewFee'), value: t('reviewNoFee') },
      { label: t('reviewTotal'), value: shown, strong: true },
    ],
    note: t('reviewNote'),
  }
}
