import { formatAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'

/** "₦2,500.00": an amount of a request or a sale as people read it. */
export function requestAmountText(item: {
  amount: string
  currency: { code: string; symbol: string }
}): string {
  return formatAmount(item.amount, item.currency)
}

/** "Mar 3, 2:30 PM" in the browser's time zone, as the rest of the app writes dates. */
export function formatRequestDate(iso: string): string {
  return formatDate(iso, 'dayTime')
}
