import { randomBytes } from 'node:crypto'

/** Crockford's base 32: no I, L, O or U for a customer to misread over the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const RANDOM_CHARACTERS = 8

/**
 * The reference a customer quotes to support for a report, `DSP-` and 8 random characters (40
 * bits): short enough to read out, and unique by the column's constraint, the rare second draw
 * being taken by `openDispute`.
 */
export function newDisputeReference(): string {
  let text = 'DSP-'
  for (const byte of randomBytes(RANDOM_CHARACTERS)) text += ALPHABET.charAt(byte & 31)
  return text
}
