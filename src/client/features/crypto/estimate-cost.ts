import { findListedRate } from '#client/entities/rates/exchange-math.ts'
import { convertAtRate, isAssetCode, type Money, parseScaled, RATE_SCALE } from '#shared/money.ts'
import type { Currency, ExchangeRate } from '#shared/schemas/reference.ts'

/** What a purchase costs in the paying currency, and whether that is an estimate. */
export type CostEstimate = { cost: Money; approximate: boolean }

/**
 * What the purchase costs in the paying currency: the dollars themselves, or an estimate at the
 * listed dollar rate (the server converts at its rate of the moment, so it is marked as one).
 */
export function estimateCost(
  usd: Money,
  pay: Currency | undefined,
  usdCurrency: Currency | undefined,
  rates: readonly ExchangeRate[],
): CostEstimate | null {
  if (!pay) return null
  const code = pay.code.toUpperCase()
  if (code === 'USD') return { cost: usd, approximate: false }
  if (!usdCurrency || !isAssetCode(code)) return null
  const listed = findListedRate(rates, usdCurrency.id, pay.id)
  if (!listed) return null
  const cost = convertAtRate(usd, parseScaled(listed.rate, RATE_SCALE), code, 'up')
  return { cost, approximate: true }
}
