import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import { AppError, msg } from '#shared/errors.ts'

/**
 * Keyset pagination for every list that is read newest first by (timestamp, id): history,
 * payment requests, POS sales, sessions. The cursor carries the full ordering key: the
 * timestamp exactly as PostgreSQL stores it (microseconds; a JavaScript Date would cut it to
 * milliseconds, and rows in the same millisecond would be skipped) and the row's id, which
 * breaks ties. So a page never skips or repeats a row, whatever the timestamps.
 */
export type KeysetCursor = { at: string; id: string }

/** What kind of id a list's rows have: the cursor's id must be one, or it is refused. */
export type CursorIdKind = 'uuid' | 'sha256-hex'

const ID_PATTERNS: Record<CursorIdKind, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  'sha256-hex': /^[0-9a-f]{64}$/,
}

// UTC with six decimals, the only shape `exactTimestamp` produces; years 0001 to 9999, which
// PostgreSQL and JavaScript both read the same way.
const AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/

function invalidCursor(): never {
  throw new AppError('VALIDATION_FAILED', msg('invalidCursor'), [
    { path: 'cursor', message: msg('invalidCursor') },
  ])
}

function isRealInstant(at: string): boolean {
  const match = AT_PATTERN.exec(at)
  if (!match) return false
  const [, year = '', month = '', day = '', hour = '', minute = '', second = ''] = match
  if (Number(year) < 1) return false
  // Rebuilt through Date, a real instant reads back the same: 2026-02-30 or 25:00 do not.
  const millisecondsText = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`
  const parsed = new Date(millisecondsText)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millisecondsText
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url')
}

/** The cursor a client sent back; anything this server did not make is a 400, never a query. */
export function decodeCursor(text: string, idKind: CursorIdKind): KeysetCursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) invalidCursor()
  const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !isRealInstant(at) || !ID_PATTERNS[idKind].test(id)) invalidCursor()
  return { at, id }
}

/**
 * A timestamp column as exact text (UTC, microseconds), selected beside a row so its cursor
 * can be made without losing precision.
 */
export function exactTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

/** Rows strictly after the cursor in newest-first order: `(at, id) < (cursor.at, cursor.id)`. */
export function olderThan(
  timeColumn: AnyColumn,
  idColumn: AnyColumn,
  cursor: KeysetCursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined
  return sql`(${timeColumn}, ${idColumn}) < (${cursor.at}::timestamptz, ${cursor.id})`
}

/**
 * One page of `limit` rows from `limit + 1` read: the extra row only says whether there is a
 * next page, whose cursor is the last row kept.
 */
export function toPage<Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => KeysetCursor,
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit)
  const last = items[items.length - 1]
  const more = rows.length > limit && last !== undefined
  return { items, nextCursor: more ? encodeCursor(keyOf(last)) : null }
}
