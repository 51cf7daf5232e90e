import { randomFillSync } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const RANDOM_CHARACTERS = 8
/**
 * Random bytes are drawn from the system this many at a time, for 512 references: one system
 * call per reference was a few per cent of a transfer's time in Node (docs/performance.md).
 */
const POOL_BYTES = 4096
const pool = Buffer.alloc(POOL_BYTES)
let used = POOL_BYTES

/**
 * A unique, human-readable journal reference such as `SB-MJ3K2F1A-7QX4R9TZ`: the time in base
 * 36 (so references sort roughly by time) and 40 random bits in Crockford's base 32, which
 * has no I, L, O or U for a person to misread over the phone.
 */
function take(count: number): number {
  if (used + count > POOL_BYTES) {
    randomFillSync(pool)
    used = 0
  }
  used += count
  return used - count
}

export function newJournalReference(nowMs = Date.now()): string {
  const start = take(RANDOM_CHARACTERS)
  let random = ''
  for (let index = start; index < start + RANDOM_CHARACTERS; index++) {
    random += ALPHABET[(pool[index] ?? 0) & 31]
  }
  return `SB-${nowMs.toString(36).toUpperCase()}-${random}`
}

/**
 * The code printed on a journal's receipt that anyone can check at /verify/:code
 * (docs/receipts.md): 64 random bits as 16 upper-case hexadecimal digits, as the column's default
 * draws them, from the same pool as the references.
 */
export function newVerificationCode(): string {
  const start = take(8)
  return pool.toString('hex', start, start + 8).toUpperCase()
}
