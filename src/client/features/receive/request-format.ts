import { formatAmount } from '#client/lib/format-amount.ts'

/** "₦2,500.00": an amount of a request or a sale as people read it. */
export function requestAmountText(item: {
  amount: string
  currency: { code: string; symbol: string }
}): string {
  return `${item.currency.symbol}${formatAmount(item.amount, item.currency.code)}`
}

// Dates as the rest of the app writes them (SPEC §9 "MMM d, h:mm a": US English).
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/** "Mar 3, 2:30 PM" in the browser's time zone. */
export function formatRequestDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}
