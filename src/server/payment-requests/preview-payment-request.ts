import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { paymentRequests, users } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { maskName } from '#server/transactions/party-names.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { PaymentRequestPreview } from '#shared/schemas/payment-requests.ts'

/**
 * A requester as a stranger holding their link sees them: first name and the last name's
 * initial ("Babajide O."), enough to recognise a friend or a shop; a user with no first name
 * is their username masked ("b*** ").
 */
export function shortRequesterName(user: {
  firstName: string | null
  lastName: string | null
  username: string
}): string {
  const first = user.firstName?.trim() ?? ''
  if (first === '') return maskName(user.username)
  const initial = [...(user.lastName?.trim() ?? '')][0]
  return initial ? `${first} ${initial.toUpperCase()}.` : first
}

/**
 * The preview of a payment request for a visitor (docs/getting-paid.md "Preview for visitors"):
 * who asks, how much and why, whatever the request's state, so the link reads the same signed
 * in or out; an unknown id is "not found".
 */
export async function previewPaymentRequest(
  db: Queryable,
  id: string,
): Promise<PaymentRequestPreview> {
  const [found] = await db
    .select({
      asset: paymentRequests.asset,
      amountMinor: paymentRequests.amountMinor,
      description: paymentRequests.description,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.requesterId))
    .where(eq(paymentRequests.id, id))
    .limit(1)
  if (!found || !isAssetCode(found.asset)) {
    throw new AppError('NOT_FOUND', msg('paymentRequestNotFound'))
  }
  const symbolOf = await loadAssetSymbols(db, [found.asset])
  return {
    requesterName: shortRequesterName(found),
    amount: formatMinor(found.amountMinor, exponentOf(found.asset)),
    currency: { code: found.asset, symbol: symbolOf(found.asset) },
    description: found.description,
  }
}
