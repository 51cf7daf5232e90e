import {
  type AssetCode,
  exponentOf,
  formatMinor,
  groupDigits,
  isAssetCode,
  type Money,
  parseMoney,
} from '#shared/money.ts'

const DISPLAY_DECIMALS = 2
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** An API amount as Money, or null when the asset is unknown or the text is not a plain amount. */
export function toMoney(decimalText: string, currencyCode: string): Money | null {
  const code = currencyCode.toUpperCase()
  if (!isAssetCode(code)) return null
  const parsed = parseMoney(decimalText, code)
  return parsed.ok ? parsed.value : null
}

/**
 * Display text for an amount: thousands separators and the asset's decimals (2 for every fiat
 * currency, docs/screens.md "Display rules"), computed on the decimal text so the screen shows
 * exactly what the server sent. Text that is not a plain amount is shown as it came rather than
 * guessed at.
 */
export function formatAmount(decimalText: string, currencyCode: string): string {
  const value = toMoney(decimalText, currencyCode)
  if (value) return formatMoneyForDisplay(value)
  const match = PLAIN_DECIMAL.exec(decimalText.trim())
  if (!match) return decimalText
  const [, sign = '', whole = '0', fraction = ''] = match
  // An unknown asset still gets at least two decimals; extra digits are kept, never rounded.
  return groupDigits(`${sign}${whole}.${fraction.padEnd(DISPLAY_DECIMALS, '0')}`)
}

export function formatMoneyForDisplay(value: Money): string {
  return formatMinorForDisplay(value.amountMinor, value.asset)
}

export function formatMinorForDisplay(amountMinor: bigint, asset: AssetCode): string {
  return groupDigits(formatMinor(amountMinor, exponentOf(asset)))
}
