import {
  type CurrencyLike,
  formatAmount,
  formatAmountDigits,
  formatCryptoQuantity,
  toMoney,
} from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { add, type Money } from '#shared/money.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'

const HOUR_MS = 60 * 60 * 1000
/** The currency a transaction is shown in when its wallet is unknown. */
const USD = { code: 'USD', symbol: '$' }

export type DateLabel =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday'; time: string }
  | { kind: 'date'; text: string }

/**
 * docs/screens.md "Display rules": under 24 hours old "Today, h:mm a", under 48 hours "Yesterday,
 * h:mm a", otherwise "MMM d, h:mm a". The words are the caller's, so they can be translated.
 */
export function transactionDateLabel(createdAt: string, nowMs: number): DateLabel {
  const date = new Date(createdAt)
  // "h:mm a" and "MMM d" in English (docs/screens.md "Display rules"), the user's language's own.
  const time = formatDate(date, 'time')
  const ageMs = nowMs - date.getTime()
  if (ageMs < 24 * HOUR_MS) return { kind: 'today', time }
  if (ageMs < 48 * HOUR_MS) return { kind: 'yesterday', time }
  return { kind: 'date', text: `${formatDate(date, 'day')}, ${time}` }
}

/** The types that bring money into the viewer's wallet: a POS sale is the merchant's income. */
const MONEY_IN_TYPES: ReadonlySet<string> = new Set([
  'receive',
  'add_funds',
  'pos_sale',
  'reversal',
  // Money staff paid back (docs/operations-console.md "Money").
  'refund',
  'adjustment',
  // Money back from a savings pocket (docs/pockets.md).
  'saving_withdrawal',
])
/** The types that take money out of it. */
const MONEY_OUT_TYPES: ReadonlySet<string> = new Set([
  'send',
  'purchase',
  'withdraw',
  'correction',
  // Into a savings pocket: out of the wallet, though still the user's.
  'saving',
])

/**
 * + for money in, - for money out, nothing for any other type (docs/screens.md). A POS sale is
 * money in (issue 31: it showed no "+"), and so is a reversal, which gives a payment back.
 */
export function amountSign(type: string): '+' | '-' | '' {
  if (MONEY_IN_TYPES.has(type)) return '+'
  if (MONEY_OUT_TYPES.has(type)) return '-'
  return ''
}

export type AmountDisplay = {
  /** The signed, formatted amount, e.g. "-$102.00". */
  text: string
  /** For a send with a fee: the two parts, formatted, for the "Amount: X + Fee: Y" line. */
  feeBreakdown: { amount: string; fee: string } | null
}

/**
 * Statuses that left the wallet as it was: a failed payment's money is back, so is a payout the
 * bank reversed after paying it, and money received over the user's limit is held outside it.
 */
const NO_CHANGE_STATUSES = new Set(['failed', 'reversed', 'held'])

/**
 * The sign of what really happened to the viewer's wallet: nothing left a wallet for a
 * purchase paid by card, and a failed or reversed payment's money is back, so none of them
 * reads as a debit; money held over the limit is not in the wallet, so it reads as no credit;
 * an exchange's source wallet paid, so it does.
 */
export function walletSign(transaction: Transaction): '+' | '-' | '' {
  if (NO_CHANGE_STATUSES.has(transaction.status)) return ''
  if (transaction.type === 'purchase' && transaction.fromWalletId === null) return ''
  if (transaction.type === 'exchange') return '-'
  return amountSign(transaction.type)
}

/** The amount with the sign of what happened to the wallet: "+$50.00", "-$102.00", "$20.00". */
function signedMoney(amount: string | Money, currency: CurrencyLike, sign: '+' | '-' | ''): string {
  if (sign === '+') return formatAmount(amount, currency, { sign: 'always' })
  if (sign === '') return formatAmount(amount, currency)
  if (typeof amount !== 'string') {
    return formatAmount({ amountMinor: -amount.amountMinor, asset: amount.asset }, currency)
  }
  const text = amount.trim()
  return formatAmount(text.startsWith('-') ? text.slice(1) : `-${text}`, currency)
}

/**
 * The amount a row shows (docs/screens.md "Display rules"): what left or entered the wallet.
 * Money that left with a fee above zero shows amount plus fee, added in minor units of the
 * wallet's currency so no cent is lost.
 */
export function transactionAmountDisplay(transaction: Transaction): AmountDisplay {
  const currency = transaction.fromWallet?.currency ?? USD
  const code = currency.code
  const sign = walletSign(transaction)
  const amount = toMoney(transaction.amount, code)
  const fee = toMoney(transaction.fee, code)
  const paidFromWallet = amountSign(transaction.type) === '-' || transaction.type === 'exchange'
  if (paidFromWallet && amount && fee && fee.amountMinor > 0n) {
    const total = add(amount, fee)
    return {
      text: signedMoney(total, currency, sign),
      feeBreakdown: {
        amount: formatAmount(amount, currency),
        fee: formatAmount(fee, currency),
      },
    }
  }
  return { text: signedMoney(transaction.amount, currency, sign), feeBreakdown: null }
}

/** "add_funds" → "Add funds", for the default description "<Type> transaction". */
export function capitalisedType(type: string): string {
  const words = type.replaceAll('_', ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** What went in and what came out of a conversion, formatted for the row's detail line. */
export type ConversionDetail =
  | { kind: 'exchange'; amount: string; from: string; converted: string; to: string }
  | { kind: 'purchase'; converted: string; to: string }

/**
 * The detail line of an exchange ("150,000.00 NGN → 97.95 USD") or a purchase
 * ("0.00022222 BTC"). The list gives the paying currency but not the one received, so the
 * caller passes that code; without it there is no line rather than a figure without a unit.
 */
export function conversionDetail(
  transaction: Transaction,
  convertedCode: string | null,
): ConversionDetail | null {
  const converted = transaction.convertedAmount
  if (converted === null || convertedCode === null) return null
  if (transaction.type === 'exchange') {
    const from = transaction.fromWallet?.currency.code ?? 'USD'
    return {
      kind: 'exchange',
      amount: formatAmountDigits(transaction.amount, from),
      from,
      converted: formatAmountDigits(converted, convertedCode),
      to: convertedCode,
    }
  }
  if (transaction.type === 'purchase') {
    return { kind: 'purchase', converted: formatCryptoQuantity(converted), to: convertedCode }
  }
  return null
}
