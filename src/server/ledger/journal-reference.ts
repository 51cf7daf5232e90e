import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A unique, human-readable journal reference such as `SB-MJ3K2F1A-7QX4R9TZ`: the time in base
 * 36 (so references sort roughly by time) and 40 random bits in Crockford's base 32, which
 * has no I, L, O or U for a person to misread over the phone.
 */
export function newJournalReference(nowMs = Date.now()): string {
  const bytes = randomBytes(8)
  let random = ''
  for (const byte of bytes) random += ALPHABET[byte & 31]
  return `SB-${nowMs.toString(36).toUpperCase()}-${random}`
}
