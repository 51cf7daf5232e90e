import type { PayoutReceipt } from '#server/providers/payout-provider.ts'

/** A prepaid meter token is 20 digits (STS), however the answer groups them. */
const TOKEN = /(?<!\d)(\d(?:[\s-]?\d){19})(?![\s-]?\d)/
/** Energy is written "23.8 kWh" or "Units: 23.8". */
const KWH = /(\d{1,7}(?:\.\d{1,3})?)\s*kwh\b/i
const UNITS = /\bunits?\s*[:=]?\s*(\d{1,7}(?:\.\d{1,3})?)/i

function receiptOfText(text: string): PayoutReceipt | undefined {
  const match = TOKEN.exec(text)
  const token = match?.[1]?.replace(/\D/g, '')
  if (!match || !token) return undefined
  const rest = text.replace(match[0], ' ')
  const units = KWH.exec(rest)?.[1] ?? UNITS.exec(rest)?.[1]
  return units ? { token, units: `${units} kWh` } : { token }
}

/**
 * The electricity token in what Flutterwave answers about a bill (docs/flutterwave.md "Tokens"):
 * the payment's `recharge_token`, or the status's `extra`, which carry it as text such as
 * "Token: 1234-5678-9012-3456-7890 Units: 23.8 kWh", or as an object with a token field.
 * Undefined when there is no 20-digit token in it: airtime, data and TV give none.
 */
export function billReceiptOf(value: unknown): PayoutReceipt | undefined {
  if (typeof value === 'string') return receiptOfText(value)
  if (typeof value !== 'object' || value === null) return undefined
  const fields = Object.entries(value)
    .filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    )
    .map(([key, field]) => `${key}: ${field}`)
  return receiptOfText(fields.join(' '))
}
