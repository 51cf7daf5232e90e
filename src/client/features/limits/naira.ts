import { formatAmount, toMoney } from '#client/lib/format-amount.ts'
import { formatMinor } from '#shared/money.ts'

const NAIRA = { code: 'NGN', symbol: '₦' }

/** A naira decimal from the limits API as the page shows it, in the user's language: "₦12,500.00". */
export function naira(decimalText: string): string {
  return formatAmount(decimalText, NAIRA)
}

/** How full a bar is, 0 to 100, from two decimal strings of the same currency. */
export function percentOf(used: string, max: string): number {
  const top = Number(used)
  const bottom = Number(max)
  if (!Number.isFinite(top) || !Number.isFinite(bottom) || bottom <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((top / bottom) * 100)))
}

/** What can still come in under the cap, exactly, as a decimal string. */
export function roomUnder(max: string, held: string): string {
  const cap = toMoney(max, 'NGN')
  const balance = toMoney(held, 'NGN')
  if (!cap || !balance) return '0.00'
  const room = cap.amountMinor - balance.amountMinor
  return formatMinor(room > 0n ? room : 0n, 2)
}
