import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { PHONE_CODE_LENGTH } from '#shared/schemas/phone.ts'

/**
 * The key SMS codes are hashed with, derived from the server secret. Six digits have only a
 * million values, so a plain hash of one is reversed by trying them all; an HMAC under a key
 * the database does not hold is not (docs/phone-numbers.md "Verification").
 */
export type PhoneCodeKey = { readonly bytes: Buffer }

export function phoneCodeKeyFor(serverSecret: string): PhoneCodeKey {
  return { bytes: createHmac('sha256', serverSecret).update('sabi phone codes v1').digest() }
}

/** A new code: 6 digits, uniformly random, leading zeros kept. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0')
}

/**
 * The stored form of a code: bound to its verification row and number, so a hash copied to
 * another row or number proves nothing.
 */
export function hashPhoneCode(
  key: PhoneCodeKey,
  input: { verificationId: string; phoneNumber: string; code: string },
): string {
  return createHmac('sha256', key.bytes)
    .update(`${input.verificationId}\n${input.phoneNumber}\n${input.code}`)
    .digest('hex')
}

/** Whether a code matches a stored hash, in time that does not depend on where they differ. */
export function phoneCodeMatches(
  key: PhoneCodeKey,
  storedHash: string,
  input: { verificationId: string; phoneNumber: string; code: string },
): boolean {
  const expected = Buffer.from(storedHash, 'hex')
  const actual = Buffer.from(hashPhoneCode(key, input), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
