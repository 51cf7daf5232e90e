import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { Queryable } from '#server/db/client.ts'
import { journals } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { AppError } from '#shared/errors.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { toTransactionResponse } from './to-transaction-response.ts'

type Cursor = { createdAt: Date; id: string }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url')
}

function decodeCursor(text: string): Cursor {
  const [iso = '', id = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(iso)
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
      { path: 'cursor', message: 'Invalid cursor' },
    ])
  }
  return { createdAt, id }
}

/**
 * The user's transactions, newest first, a page at a time. Keyset pagination on
 * (created_at, id): a page costs the same however deep it is, and rows arriving meanwhile
 * never shift later pages. The journals a user sent and those they received are read as two
 * index-ordered scans of at most one page each, merged: a merchant with a million sales pays
 * for one page, not for sorting all of them.
 */
export async function listTransactions(
  db: Queryable,
  userId: string,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined
  const before: SQL | undefined = after
    ? sql`(${journals.createdAt}, ${journals.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined
  const side = (column: typeof journals.fromUserId | typeof journals.toUserId) =>
    db
      .select()
      .from(journals)
      .where(and(eq(column, userId), before))
      .orderBy(desc(journals.createdAt), desc(journals.id))
      .limit(options.limit + 1)
  // UNION, not UNION ALL: a journal from the user to themselves (an exchange) appears once.
  const rows = await union(side(journals.fromUserId), side(journals.toUserId))
    .orderBy(desc(journals.createdAt), desc(journals.id))
    .limit(options.limit + 1)

  const page = rows.slice(0, options.limit)
  const symbolOf = await loadAssetSymbols(
    db,
    page.flatMap((journal) =>
      journal.convertedAsset ? [journal.asset, journal.convertedAsset] : [journal.asset],
    ),
  )
  const last = page.at(-1)
  return {
    items: page.map((journal) => toTransactionResponse(journal, userId, symbolOf)),
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ createdAt: last.createdAt, id: last.id })
        : null,
  }
}
