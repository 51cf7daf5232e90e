import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, journals } from '#server/db/schema.ts'
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
 * never shift later pages.
 */
export async function listTransactions(
  db: Queryable,
  userId: string,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined
  const rows = await db
    .select({ journal: journals, symbol: currencies.symbol })
    .from(journals)
    .leftJoin(currencies, eq(currencies.code, journals.asset))
    .where(
      and(
        or(eq(journals.fromUserId, userId), eq(journals.toUserId, userId)),
        after
          ? sql`(${journals.createdAt}, ${journals.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(journals.createdAt), desc(journals.id))
    .limit(options.limit + 1)
  const page = rows.slice(0, options.limit)
  const last = page.at(-1)
  return {
    items: page.map(({ journal, symbol }) =>
      toTransactionResponse(journal, userId, {
        code: journal.asset,
        symbol: symbol ?? journal.asset,
      }),
    ),
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ createdAt: last.journal.createdAt, id: last.journal.id })
        : null,
  }
}
