import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Whether a webhook came from Paystack: `x-paystack-signature` is the hex HMAC-SHA512 of the
 * exact raw body under the secret key (docs/paystack.md "Webhooks"), compared in constant time.
 */
export function paystackSignatureMatches(
  secretKey: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false
  const expected = createHmac('sha512', secretKey).update(rawBody).digest()
  return timingSafeEqual(Buffer.from(header.toLowerCase(), 'hex'), expected)
}
