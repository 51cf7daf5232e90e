import { formatAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'

/** The console is English for now (docs/operations-console.md "The console"). */
const CONSOLE_LANGUAGE = 'en'
const NOTHING = '—'

/** An amount from the server's decimal text, with the currency's symbol: "₦80,000.00". */
export function formatOpsAmount(amount: string, currency: string): string {
  return formatAmount(amount, currency, { language: CONSOLE_LANGUAGE })
}

/** An amount as it moved for the customer: "+₦500.00" into the wallet, "-₦500.00" out of it. */
export function formatDirectedAmount(
  amount: string,
  currency: string,
  direction: 'credit' | 'debit',
): string {
  return direction === 'credit'
    ? formatAmount(amount, currency, { language: CONSOLE_LANGUAGE, sign: 'always' })
    : formatAmount(`-${amount.trim()}`, currency, { language: CONSOLE_LANGUAGE })
}

/**
 * A date and time from the server's ISO text, absolute ("Mar 3, 2026, 2:30 PM"): staff compare
 * entries across days. Text that is not a date is shown as it came; no date is a dash.
 */
export function formatOpsDate(value: string | null): string {
  if (value === null || value === '') return NOTHING
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return formatDate(date, 'dateTime', { language: CONSOLE_LANGUAGE })
}

/** A text that may be missing: a dash in its place. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? NOTHING : value
}

/**
 * "Bank transfer" from "bank_transfer", "Account number" from "accountNumber": codes the
 * server sends, as words for a reader.
 */
export function humanise(code: string): string {
  const words = code
    .replaceAll(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    // An acronym ("NIN", "BVN") stays as it is; other words go to lower case.
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ')
  return words === '' ? code : words.charAt(0).toUpperCase() + words.slice(1)
}
