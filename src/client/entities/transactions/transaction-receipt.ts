import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { transactionDescription, transactionTypeName } from '#client/lib/server-texts.ts'
import { add, type Money } from '#shared/money.ts'
import { groupVerificationCode } from '#shared/schemas/receipts.ts'
import type { PayoutInfo, TransactionDetails } from '#shared/schemas/transactions.ts'
import { failureReasonText } from './failure-text.ts'
import type { useTransactionMessages } from './messages.ts'
import {
  amountSign,
  capitalisedType,
  conversionDetail,
  transactionAmountDisplay,
} from './transaction-format.ts'

export type TransactionMessageKey = Parameters<ReturnType<typeof useTransactionMessages>>[0]
/** The catalog's translator, passed in so this module stays free of React and testable alone. */
export type Translate = (
  key: TransactionMessageKey,
  values?: Record<string, string | number>,
) => string

/** One labelled line of a receipt; `token` is shown large and copyable, `mono` in fixed width. */
export type ReceiptField = {
  key: string
  label: string
  value: string
  look?: 'token' | 'mono'
}

/** The labels of the keys the server's payout use cases write into `details` and `receipt`. */
const DETAIL_LABELS: Readonly<Record<string, TransactionMessageKey>> = {
  token: 'detailToken',
  units: 'detailUnits',
  recipientName: 'detailRecipientName',
  accountName: 'detailAccountName',
  resolvedAccountName: 'detailResolvedAccountName',
  customerName: 'detailCustomerName',
  billType: 'detailBillType',
  providerName: 'detailProviderName',
  itemName: 'detailItemName',
  customerAddress: 'detailCustomerAddress',
  customerNumber: 'detailCustomerNumber',
  bankName: 'detailBankName',
  accountNumber: 'detailAccountNumber',
  walletProvider: 'detailWalletProvider',
  phoneNumber: 'detailPhoneNumber',
  countryName: 'detailCountryName',
  region: 'detailRegion',
  method: 'detailMethod',
  receiveAmount: 'detailReceiveAmount',
  receiveCurrency: 'detailReceiveCurrency',
  exchangeRate: 'detailExchangeRate',
  deliveryEstimate: 'detailDeliveryEstimate',
  bankCode: 'detailBankCode',
  swiftCode: 'detailSwiftCode',
  countryCode: 'detailCountryCode',
}

const STATUS_LABELS: Readonly<Record<string, TransactionMessageKey>> = {
  pending: 'statusPending',
  submitted: 'timelineStatusSubmitted',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  held: 'statusHeld',
  reversed: 'statusReversed',
  refunded: 'statusRefunded',
}

/** Statuses whose money went back to the wallet it left. */
export function isMoneyBack(status: string): boolean {
  return status === 'failed' || status === 'reversed'
}

/** Keys that are numbers to read out or quote, shown in fixed width. */
const MONO_KEYS = new Set(['accountNumber', 'bankCode', 'customerNumber', 'swiftCode'])
/** Keys whose values are the server's codes ("electricity", "mobile_wallet"), shown as words. */
const CODE_VALUE_KEYS = new Set(['billType', 'method'])

/**
 * A key the client has no label for, made readable: "someKey" → "Some key",
 * "meter_number" → "Meter number". A new field from the server is never shown raw.
 */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A token as people read it aloud and type it into a meter: groups of four ("1234 5678 90"). */
export function groupToken(token: string): string {
  const compact = token.replace(/[\s-]+/g, '')
  return compact.match(/.{1,4}/g)?.join(' ') ?? ''
}

export function detailLabel(key: string, t: Translate): string {
  const known = DETAIL_LABELS[key]
  return known ? t(known) : humaniseKey(key)
}

/** The word for a status, a timeline step's or a transaction's; unknown ones are humanised. */
export function statusLabel(status: string, t: Translate): string {
  const known = STATUS_LABELS[status]
  return known ? t(known) : humaniseKey(status)
}

/** A receipt is read later and elsewhere, so its date is absolute and carries the year. */
export function formatReceiptDate(iso: string): string {
  return formatDate(iso, 'dateTime')
}

/** The description the lists show: the transaction's own, else "<Type> transaction". */
export function transactionTitle(transaction: TransactionDetails, t: Translate): string {
  return (
    transactionDescription(transaction) ||
    t('defaultDescription', { type: transactionTypeName(transaction.type) })
  )
}

/**
 * Amount, fee and total with the wallet's symbol. Money that left the wallet costs amount plus
 * fee, added in minor units; money that came in shows its fee only when there was one.
 */
export function amountFields(transaction: TransactionDetails, t: Translate): ReceiptField[] {
  const currency = transaction.fromWallet?.currency ?? { code: 'USD', symbol: '$' }
  const amount = toMoney(transaction.amount, currency.code)
  const fee = toMoney(transaction.fee, currency.code)
  const shown = (value: Money | string) => formatAmount(value, currency)
  const fields: ReceiptField[] = [
    {
      key: 'amount',
      label: t('fieldAmount'),
      value: shown(amount ?? transaction.amount),
    },
  ]
  const incoming = amountSign(transaction.type) === '+'
  const hasFee = fee !== null && fee.amountMinor > 0n
  if (!incoming || hasFee) {
    fields.push({
      key: 'fee',
      label: t('fieldFee'),
      value: shown(fee ?? transaction.fee),
    })
  }
  if (!incoming && amount && fee) {
    fields.push({
      key: 'total',
      label: t('fieldTotal'),
      value: shown(add(amount, fee)),
    })
  }
  const conversion = conversionDetail(transaction, transaction.convertedCurrency?.code ?? null)
  if (conversion) {
    fields.push({
      key: 'converted',
      label: t('fieldConverted'),
      value: `${conversion.converted} ${conversion.to}`,
    })
  }
  return fields
}

/**
 * What, when and which: the lines every receipt carries under the amounts. The description is
 * the receipt's title, so it is not repeated here.
 */
export function summaryFields(transaction: TransactionDetails, t: Translate): ReceiptField[] {
  const fields: ReceiptField[] = [
    ...(transaction.counterparty
      ? [{ key: 'counterparty', label: t('fieldCounterparty'), value: transaction.counterparty }]
      : []),
    { key: 'status', label: t('fieldStatus'), value: statusLabel(transaction.status, t) },
    { key: 'date', label: t('fieldDate'), value: formatReceiptDate(transaction.createdAt) },
    { key: 'type', label: t('fieldType'), value: transactionTypeName(transaction.type) },
    { key: 'reference', label: t('fieldReference'), value: transaction.reference, look: 'mono' },
  ]
  // The provider's own reference is an internal one: a receipt carries Sabi's reference and the
  // code anyone can verify it by (docs/receipts.md), never it.
  fields.push({
    key: 'verificationCode',
    label: t('fieldVerificationCode'),
    value: groupVerificationCode(transaction.verificationCode),
    look: 'mono',
  })
  if (transaction.fromWallet) {
    fields.push({
      key: 'wallet',
      label: t('fieldWallet'),
      value: t('walletName', { code: transaction.fromWallet.currency.code }),
    })
  }
  return fields
}

/**
 * Known keys in the order people read them (who, then where, then the codes); keys this
 * client does not know follow in alphabetical order. The stored order is the database's, not
 * the writer's, so it is not kept.
 */
function readingOrder(entries: [string, string][]): [string, string][] {
  const known = Object.keys(DETAIL_LABELS)
  const rank = (key: string) => {
    const index = known.indexOf(key)
    return index === -1 ? known.length : index
  }
  return [...entries].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
}

/** Where the money went: the payout's details, labelled, in reading order. */
export function payoutDetailFields(payout: PayoutInfo, t: Translate): ReceiptField[] {
  return readingOrder(Object.entries(payout.details))
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => ({
      key,
      label: detailLabel(key, t),
      value: CODE_VALUE_KEYS.has(key) ? capitalisedType(value) : value,
      ...(MONO_KEYS.has(key) ? { look: 'mono' as const } : {}),
    }))
}

/** What the provider gave back, such as an electricity token: the token grouped in fours. */
export function providerReceiptFields(payout: PayoutInfo, t: Translate): ReceiptField[] {
  return readingOrder(Object.entries(payout.receipt))
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) =>
      key === 'token'
        ? { key, label: detailLabel(key, t), value: groupToken(value), look: 'token' as const }
        : { key, label: detailLabel(key, t), value },
    )
}

export function payoutHeading(payout: PayoutInfo, t: Translate): string {
  if (payout.kind === 'bank' || payout.kind === 'international') return t('payoutRecipient')
  if (payout.kind === 'bill') return t('payoutBill')
  return t('payoutOther')
}

function fieldLines(fields: readonly ReceiptField[]): string[] {
  return fields.map((field) => `${field.label}: ${field.value}`)
}

/** The public page that confirms this receipt (docs/receipts.md), on this site. */
export function verifyUrlOf(transaction: { verificationCode: string }): string {
  const origin = globalThis.location?.origin ?? ''
  return `${origin}/verify/${groupVerificationCode(transaction.verificationCode)}`
}

/**
 * The receipt as plain text, for the share sheet or the clipboard: the same lines the screen
 * shows, in the same order, so what the user sends is what they saw.
 */
export function buildReceiptText(transaction: TransactionDetails, t: Translate): string {
  const sections: string[][] = [
    [
      t('receiptTitle'),
      transactionTitle(transaction, t),
      `${transactionAmountDisplay(transaction).text} · ${statusLabel(transaction.status, t)}`,
    ],
    fieldLines([...amountFields(transaction, t), ...summaryFields(transaction, t)]),
  ]
  const payout = transaction.payout
  if (payout) {
    const details = payoutDetailFields(payout, t)
    if (details.length > 0) sections.push([payoutHeading(payout, t), ...fieldLines(details)])
    const receipt = providerReceiptFields(payout, t)
    if (receipt.length > 0) sections.push([t('receiptFromProvider'), ...fieldLines(receipt)])
    if (payout.failureReason) {
      sections.push([
        `${t('failureHeading')}: ${failureReasonText(payout.failureReason, t)}`,
        ...(isMoneyBack(transaction.status) ? [t('failureMoneyBack')] : []),
      ])
    }
  }
  sections.push([
    t('verifyHint', {
      url: verifyUrlOf(transaction),
    }),
  ])
  return sections.map((lines) => lines.join('\n')).join('\n\n')
}
