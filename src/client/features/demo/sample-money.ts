/**
 * Formats a sample amount held, like every amount in Sabi, as integer minor units of a
 * two-decimal currency: 248050n with "$" reads "$2,480.50". The demo pages show fixed sample
 * figures only; real balances come from the API as decimal strings.
 */
export function formatSampleAmount(amountMinor: bigint, symbol: string): string {
  const negative = amountMinor < 0n
  const absolute = negative ? -amountMinor : amountMinor
  const whole = (absolute / 100n).toLocaleString('en-US')
  const cents = (absolute % 100n).toString().padStart(2, '0')
  return `${negative ? '-' : ''}${symbol}${whole}.${cents}`
}
