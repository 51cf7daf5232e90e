import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '#shared/errors.ts'
import { decodeCursor, encodeCursor, toPage } from './keyset-page.ts'

const pad = (value: number, width: number) => String(value).padStart(width, '0')

/** Any instant PostgreSQL and JavaScript both read, as `exactTimestamp` writes it. */
const instant = fc
  .record({
    ms: fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
    micros: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ ms, micros }) => {
    const date = new Date(ms)
    return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.${pad(date.getUTCMilliseconds(), 3)}${pad(micros, 3)}Z`
  })

function refuses(text: string, kind: 'uuid' | 'sha256-hex' = 'uuid'): boolean {
  try {
    decodeCursor(text, kind)
    return false
  } catch (error) {
    return error instanceof AppError && error.status === 400
  }
}

describe('keyset cursors', () => {
  it('carry any instant to the microsecond and any id back unchanged', () => {
    fc.assert(
      fc.property(instant, fc.uuid(), (at, id) => {
        expect(decodeCursor(encodeCursor({ at, id }), 'uuid')).toEqual({ at, id })
      }),
    )
  })

  it('refuse anything the server did not make, as a 400', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url')
    const id = '0b6f1a52-6d0e-4c53-9b1d-2f8b4f6f0a11'
    for (const crafted of [
      encode(`0000-01-01T00:00:00.000000Z|${id}`),
      encode(`275760-09-13T00:00:00.000000Z|${id}`),
      encode(`2026-02-29T00:00:00.000000Z|${id}`),
      encode(`2026-01-01T24:00:00.000000Z|${id}`),
      encode(`2026-01-01T00:00:00.000Z|${id}`),
      encode(`2026-01-01T00:00:00.000000+01:00|${id}`),
      encode('2026-01-01T00:00:00.000000Z|not-a-uuid'),
      encode(`2026-01-01T00:00:00.000000Z|${id.toUpperCase()}`),
      encode(`2026-01-01T00:00:00.000000Z|${id}|more`),
      encode(`2026-01-01T00:00:00.000000Z|${id}\u0000`),
      '',
      'not base64!',
      'A'.repeat(201),
    ]) {
      expect(refuses(crafted), crafted).toBe(true)
    }
    expect(refuses(encode(`2026-01-01T00:00:00.000000Z|${id}`), 'sha256-hex')).toBe(true)
    expect(refuses(encode(`2026-01-01T00:00:00.000000Z|${'f'.repeat(64)}`), 'sha256-hex')).toBe(
      false,
    )
  })

  it('refuse, never throw anything else, for any text at all', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.base64String(), fc.string({ unit: 'binary' })),
        (text) => {
          try {
            decodeCursor(text, 'uuid')
          } catch (error) {
            expect(error).toBeInstanceOf(AppError)
          }
        },
      ),
    )
  })

  it('page limit rows and name the last one only when more follow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (count, limit) => {
          const rows = Array.from({ length: Math.min(count, limit + 1) }, (_, index) => index)
          const page = toPage(rows, limit, (row) => ({
            at: '2026-01-01T00:00:00.000000Z',
            id: `0b6f1a52-6d0e-4c53-9b1d-2f8b4f6f0a${pad(row, 2)}`,
          }))
          expect(page.items).toEqual(rows.slice(0, limit))
          expect(page.nextCursor !== null).toBe(rows.length > limit)
        },
      ),
    )
  })
})
