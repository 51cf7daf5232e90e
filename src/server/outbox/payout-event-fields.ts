import { stringFieldsOf } from '#server/db/json-fields.ts'
import { formatTopUpNumber } from '#shared/schemas/bills.ts'
import type { PayoutPayment } from '#shared/schemas/notifications.ts'

/** A payee longer than the event's name field is cut, never refused: the money has moved. */
const PAYEE_MAX_LENGTH = 120

/**
 * What a payout paid for and whom, from its kind and the details its use case wrote
 * (src/server/transfers/send-to-bank.ts, bills and international), so its message says "Airtime sent to MTN 0803 555
 * 0142" or "Your Ikeja Electric bill ... has been paid" rather than calling every payout a
 * transfer (issue 31). Without a payee to name, the event carries neither and is worded as a
 * payment of any kind.
 */
export function payoutEventFields(
  kind: string,
  detailsValue: unknown,
): { payment?: PayoutPayment; payee?: string } {
  const details = stringFieldsOf(detailsValue)
  const found = (payment: PayoutPayment, payee: string | undefined) =>
    payee ? { payment, payee: payee.slice(0, PAYEE_MAX_LENGTH) } : {}
  if (kind === 'bank') {
    const name = details.resolvedAccountName || details.accountName
    return found('bank_transfer', name && details.bankName ? `${name}, ${details.bankName}` : name)
  }
  if (kind === 'international') {
    const name = details.recipientName
    return found(
      'international_transfer',
      name && details.countryName ? `${name}, ${details.countryName}` : name,
    )
  }
  if (kind === 'bill') {
    if (details.billType === 'mobile') {
      // Top-ups paid before the number was kept as phoneNumber carry it as customerNumber.
      const number =
        details.phoneNumber ??
        (details.customerNumber ? formatTopUpNumber(details.customerNumber) : undefined)
      return found(
        'airtime',
        details.providerName && number ? `${details.providerName} ${number}` : undefined,
      )
    }
    return found('bill', details.providerName)
  }
  return {}
}
