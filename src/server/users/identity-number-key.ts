import { createHmac } from 'node:crypto'

/**
 * The key identity numbers (BVN, NIN, document numbers) are hashed with, derived from the server
 * secret under its own label, so it is neither the session key nor the phone code key. A BVN
 * has only 11 digits: a plain hash of one is reversed by trying them all, an HMAC under a key
 * the database does not hold is not (docs/security.md "Identity").
 */
export type IdentityNumberKey = { readonly bytes: Buffer }

export function identityNumberKeyFor(serverSecret: string): IdentityNumberKey {
  return { bytes: createHmac('sha256', serverSecret).update('sabi identity numbers v1').digest() }
}

/**
 * The stored form of an identity number: HMAC-SHA256 in hex of `kind:number`. The kind is part
 * of it, so the same digits as a BVN and as a NIN are two identities. A document number is
 * upper-cased and loses its dashes first: "lag-1234" and "LAG1234" are one document.
 */
export function hashIdentityNumber(
  key: IdentityNumberKey,
  input: { idType: string; idNumber: string },
): string {
  const number = input.idNumber.trim().toUpperCase().replaceAll('-', '')
  return createHmac('sha256', key.bytes).update(`${input.idType}:${number}`).digest('hex')
}
