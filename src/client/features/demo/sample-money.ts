import { formatMinorForDisplay } from '#client/lib/format-amount.ts'
import type { AssetCode } from '#shared/money.ts'

/**
 * Formats a sample amount, held like every amount in Sabi as integer minor units of its
 * asset, with the currency symbol in front and the minus sign before the symbol:
 * (248050n, 'USD', '$') reads "$2,480.50". The demo pages show fixed sample figures only.
 */
export function formatSampleAmount(amountMinor: bigint, asset: AssetCode, symbol: string): string {
  const negative = amountMinor < 0n
  const text = formatMinorForDisplay(negative ? -amountMinor : amountMinor, asset)
  return `${negative ? '-' : ''}${symbol}${text}`
}
