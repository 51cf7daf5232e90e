import { type AmountOptions, formatMinorAmount } from '#client/lib/format-amount.ts'
import type { AssetCode } from '#shared/money.ts'

/**
 * Formats a sample amount, held like every amount in Sabi as integer minor units of its
 * asset, with its currency symbol, in the user's language: (248050n, 'USD', '$') reads
 * "$2,480.50" in English, with the minus sign before the symbol. The demo pages show fixed
 * sample figures only.
 */
export function formatSampleAmount(
  amountMinor: bigint,
  asset: AssetCode,
  symbol: string,
  options: AmountOptions = {},
): string {
  return formatMinorAmount(amountMinor, asset, symbol, options)
}
