import { z } from 'zod'
import { type AssetCode, isAssetCode, type Money, parseMoney } from '#shared/money.ts'
import {
  DEFAULT_REQUEST_DESCRIPTION,
  type PaymentRequest,
  payLinkDataSchema,
} from '#shared/schemas/payment-requests.ts'

/** What a `/pay?data=` link asks for, checked and with its amount in minor units. */
export type PayLink = {
  recipientId: string
  walletId: string
  amount: Money
  currency: AssetCode
  description: string
  /** The stored request behind the link; a bare link (docs/getting-paid.md) has none. */
  requestId: string | null
}

const idSchema = z.uuid()

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Reads the `data` parameter of a /pay address (docs/getting-paid.md "Pay links": JSON with
 * recipientId, walletId, amount, currency and description, plus the request's id). Anything that is
 * not such a link (no data, broken JSON, an unknown currency, an amount that is not above zero) is
 * null: the page says the link is not valid and offers nothing to pay.
 */
export function readPayLink(search: string): PayLink | null {
  const text = new URLSearchParams(search).get('data')
  if (!text) return null
  const parsed = payLinkDataSchema.safeParse(parseJson(text))
  if (!parsed.success) return null
  const data = parsed.data
  if (!isAssetCode(data.currency)) return null
  if (!idSchema.safeParse(data.recipientId).success) return null
  if (data.requestId !== undefined && !idSchema.safeParse(data.requestId).success) return null
  const amount = parseMoney(data.amount, data.currency)
  if (!amount.ok || amount.value.amountMinor <= 0n) return null
  return {
    recipientId: data.recipientId,
    walletId: data.walletId,
    amount: amount.value,
    currency: data.currency,
    description: data.description?.trim() || DEFAULT_REQUEST_DESCRIPTION,
    requestId: data.requestId ?? null,
  }
}

/**
 * Whether the link says exactly what the stored request says. The request is the truth: a
 * link whose recipient, wallet, amount, currency or description differs was changed after
 * it was made, and paying it could send money the requester never asked for.
 */
export function linkMatchesRequest(link: PayLink, request: PaymentRequest): boolean {
  if (request.currency.code !== link.currency) return false
  const stored = parseMoney(request.amount, link.currency)
  return (
    stored.ok &&
    stored.value.amountMinor === link.amount.amountMinor &&
    request.requester.id === link.recipientId &&
    request.walletId === link.walletId &&
    request.description === link.description
  )
}
