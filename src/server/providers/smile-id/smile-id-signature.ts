import { createHmac } from 'node:crypto'

/** A Smile ID partner's credentials: the partner id and the API key from the Smile ID portal. */
export type SmileIdCredentials = { readonly partnerId: string; readonly apiKey: string }

/**
 * Smile ID's request signature (docs/smile-id.md "Signing"): the base64 HMAC-SHA256, under the
 * API key, of the timestamp, the partner id and the text `sid_request`, one after the other. The
 * request carries the signature and that same timestamp (ISO 8601); the key itself never leaves.
 */
export function smileIdSignature(credentials: SmileIdCredentials, timestamp: string): string {
  return createHmac('sha256', credentials.apiKey)
    .update(timestamp, 'utf8')
    .update(credentials.partnerId, 'utf8')
    .update('sid_request', 'utf8')
    .digest('base64')
}
