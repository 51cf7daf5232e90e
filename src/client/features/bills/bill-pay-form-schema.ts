import { z } from 'zod'
import { majorToMinor, readAmountInput } from '#client/lib/amount-input.ts'
import { formatMinorAmount } from '#client/lib/format-amount.ts'
import { exponentOf, type Money } from '#shared/money.ts'
import {
  BILL_AMOUNT_MAX_MAJOR,
  type BillPaymentType,
  customerNumberProblem,
  isBillPaymentType,
  normaliseCustomerNumber,
  readCustomerNumber,
} from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { type BillMessages, customerNumberLabel, customerNumberRuleText } from './bill-labels.ts'
import { type BillerCatalogue, billerIn, itemIn } from './use-billers.ts'

/** Every biller is paid in naira (docs/transfers.md "Bills"), so only the NGN wallet can pay. */
export const BILL_CURRENCY = 'NGN'
const MAX_AMOUNT_MINOR = majorToMinor(BILL_AMOUNT_MAX_MAJOR, BILL_CURRENCY)

export type BillFormValues = {
  billType: string
  provider: string
  /** The package chosen, '' for the biller's any-amount item (airtime, electricity). */
  item: string
  accountNumber: string
  amount: string
  walletId: string
}

export const EMPTY_BILL_FORM: BillFormValues = {
  billType: '',
  provider: '',
  item: '',
  accountNumber: '',
  amount: '',
  walletId: '',
}

/** The bill type a field holds, when it holds one. */
export function billTypeOf(value: string): BillPaymentType | undefined {
  return isBillPaymentType(value) ? value : undefined
}

function isPaymentReferenceType(type: BillPaymentType | undefined): boolean {
  return type === 'government' || type === 'tax'
}

/** The amount typed so far, when it is one a bill can be paid with. */
export function typedBillAmount(text: string): Money | null {
  const amount = readAmountInput(text, BILL_CURRENCY, MAX_AMOUNT_MINOR)
  return amount.ok ? amount.value : null
}

/**
 * The bill pay rules with their messages (docs/transfers.md "Bills"), in the user's language, plus
 * what the chosen biller expects of the number (length, digits) and the amount's decimals and limit
 * in naira.
 */
export function billFormSchema(
  t: BillMessages,
  wallets: readonly Wallet[],
  catalogue: BillerCatalogue | undefined,
) {
  return z
    .object({
      billType: z.string(),
      provider: z.string(),
      item: z.string(),
      accountNumber: z.string(),
      amount: z.string(),
      walletId: z.string(),
    })
    .superRefine((values, context) => {
      const issue = (path: keyof BillFormValues, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message })
      const type = billTypeOf(values.billType)
      if (!type) issue('billType', t('selectBillType'))
      const biller = billerIn(catalogue, type, values.provider)
      if (!biller) issue('provider', t('selectProvider'))
      else if (itemIn(biller, values.item) === undefined) issue('item', t('selectPackage'))

      const number = biller
        ? readCustomerNumber(biller.customerNumber, values.accountNumber)
        : normaliseCustomerNumber(values.accountNumber)
      if (number === '') {
        issue(
          'accountNumber',
          isPaymentReferenceType(type) ? t('referenceRequired') : t('accountRequired'),
        )
      } else if (biller && customerNumberProblem(biller.customerNumber, number) !== null) {
        issue(
          'accountNumber',
          t('numberRule', {
            name: customerNumberLabel(t, type, biller.customerNumber),
            rule: customerNumberRuleText(t, biller.customerNumber),
          }),
        )
      }

      if (values.amount.trim() === '') {
        issue('amount', t('amountRequired'))
      } else {
        const amount = readAmountInput(values.amount, BILL_CURRENCY, MAX_AMOUNT_MINOR)
        if (!amount.ok) {
          issue(
            'amount',
            amount.problem === 'too_many_decimals'
              ? t('amountDecimals', { decimals: exponentOf(BILL_CURRENCY) })
              : amount.problem === 'too_large'
                ? t('amountTooLarge', {
                    max: formatMinorAmount(MAX_AMOUNT_MINOR, BILL_CURRENCY, '₦'),
                  })
                : t('amountPositive'),
          )
        }
      }

      if (!wallets.some((wallet) => wallet.id === values.walletId)) {
        issue('walletId', t('selectWallet'))
      }
    })
}
