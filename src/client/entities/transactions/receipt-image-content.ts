import type { PayoutInfo, TransactionDetails } from '#shared/schemas/transactions.ts'
import type { ReceiptImageContent } from './receipt-image.ts'
import { transactionAmountDisplay } from './transaction-format.ts'
import {
  amountFields,
  type ReceiptField,
  statusLabel,
  summaryFields,
  type Translate,
  verifyUrlOf,
} from './transaction-receipt.ts'

/** How many of an account's last characters a shared receipt shows. */
const ACCOUNT_SHOWN_LENGTH = 4

/**
 * An account number as a shared receipt shows it: its last four characters only
 * ("0123456789" → "•••• 6789"), enough for the two people to recognise it and too little for a
 * stranger holding the image to pay into or out of it.
 */
export function maskAccountNumber(value: string): string {
  const compact = value.replace(/[\s-]+/g, '')
  if (compact === '') return ''
  return `•••• ${compact.slice(-ACCOUNT_SHOWN_LENGTH)}`
}

/**
 * Where money that left through a provider went, masked: the bank, wallet provider or biller,
 * then the account, phone or customer number's last four ("GTBank •••• 6789"). The institution
 * is left out when the recipient's line names it already.
 */
export function destinationAccountOf(
  payout: PayoutInfo | null,
  recipientLine: string | null,
): string | null {
  if (!payout) return null
  const { details } = payout
  const number = details.accountNumber || details.phoneNumber || details.customerNumber || ''
  const institution = details.bankName || details.walletProvider || details.providerName || ''
  const masked = maskAccountNumber(number)
  if (!masked) return null
  const named = institution !== '' && !recipientLine?.includes(institution)
  return named ? `${institution} ${masked}` : masked
}

/**
 * The lines of the receipt image a user shares (docs/receipts.md "Sharing"): the amounts, who
 * sent the money, who got it and the destination account masked, then the summary the screen
 * shows. The full account number stays on the screen; an image travels further than its sender
 * means it to.
 */
export function receiptImageContent(
  transaction: TransactionDetails,
  t: Translate,
): ReceiptImageContent {
  const recipientLine = transaction.recipient ?? null
  const account = destinationAccountOf(transaction.payout, recipientLine)
  const parties: ReceiptField[] = [
    ...(transaction.sender
      ? [{ key: 'sender', label: t('fieldSender'), value: transaction.sender }]
      : []),
    ...(recipientLine
      ? [{ key: 'recipient', label: t('fieldRecipient'), value: recipientLine }]
      : []),
    ...(account ? [{ key: 'account', label: t('fieldDestinationAccount'), value: account }] : []),
  ]
  // With both parties named, "With" would only repeat one of them.
  const summary = summaryFields(transaction, t).filter(
    (field) => field.key !== 'counterparty' || parties.length === 0,
  )
  return {
    title: t('receiptTitle'),
    amount: transactionAmountDisplay(transaction).text,
    status: statusLabel(transaction.status, t),
    lines: [...amountFields(transaction, t), ...parties, ...summary].map(({ label, value }) => ({
      label,
      value,
    })),
    footer: t('verifyHint', { url: verifyUrlOf(transaction) }),
  }
}
