import type { Review } from '#client/components/money-action/use-money-action.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import {
  type BillCustomer,
  type Biller,
  type BillItem,
  formatTopUpNumber,
} from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { BILL_TYPE_LOOKS, type BillMessages } from './bill-labels.ts'

/**
 * Whom a bill is for on the review: the customer the biller named, confirmed; a phone top-up
 * names nobody, so it is the number as people read it with its network, and nothing is called
 * confirmed (issue 31: a made-up name shown as verified).
 */
function billRecipient(
  t: BillMessages,
  biller: Biller,
  customer: BillCustomer,
  customerNumber: string,
): NonNullable<Review['recipient']> {
  if (customer.customerName === null) {
    return {
      name: formatTopUpNumber(customerNumber),
      detail: `${biller.name} · ${t(BILL_TYPE_LOOKS[biller.type].label)}`,
      verified: false,
    }
  }
  return {
    name: customer.customerName,
    detail: `${biller.name} · ${customerNumber}`,
    verified: true,
  }
}

/**
 * The review sheet of a bill payment (docs/screens.md "Money actions"): whom it is for, then
 * the amount, the fee and the total. Bills carry no fee (docs/transfers.md "Bills"),
 * so the total is the amount.
 */
export function billReview(
  t: BillMessages,
  {
    biller,
    item,
    customer,
    customerNumber,
    amount,
    wallet,
  }: {
    biller: Biller
    /** What is bought, where the biller sells more than one thing. */
    item: BillItem | null
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
    recipient: billRecipient(t, biller, customer, customerNumber),
    rows: [
      // The meter's address, as the distributor has it: the check that it is the right meter.
      ...(customer.customerAddress
        ? [{ label: t('customerAddress'), value: customer.customerAddress }]
        : []),
      // Airtime is what a network sells unless a bundle is chosen: only a bundle is named.
      ...(item && biller.items.length > 1 && !(biller.type === 'mobile' && item.amount === null)
        ? [{ label: t('reviewPackage'), value: item.name }]
        : []),
      { label: t('reviewAmount'), value: shown },
      { label: t('reviewFee'), value: t('reviewNoFee') },
      { label: t('reviewTotal'), value: shown, strong: true },
    ],
    note: t('reviewNote'),
  }
}
