import { and, desc, eq, getTableColumns } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { Queryable } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { journals } from '#server/db/schema.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { toTransactionResponses } from './transaction-responses.ts'

/**
 * The user's transactions, newest first, a page at a time. Keyset pagination on
 * (created_at, id), exact to the microsecond (keyset-page.ts): a page costs the same however deep it is, and rows arriving meanwhile
 * never shift later pages. The journals a user sent and those they received are read as two
 * index-ordered scans of at most one page each, merged: a merchant with a million sales pays
 * for one page, not for sorting all of them.
 */
export async function listTransactions(
  db: Queryable,
  userId: string,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor, 'uuid') : undefined
  const before = olderThan(journals.createdAt, journals.id, after)
  const side = (column: typeof journals.fromUserId | typeof journals.toUserId) =>
    db
      .select({
        ...getTableColumns(journals),
        cursorAt: exactTimestamp(journals.createdAt).as('cursor_at'),
      })
      .from(journals)
      .where(and(eq(column, userId), before))
      .orderBy(desc(journals.createdAt), desc(journals.id))
      .limit(options.limit + 1)
  // UNION, not UNION ALL: a journal from the user to themselves (an exchange) appears once.
  const rows = await union(side(journals.fromUserId), side(journals.toUserId))
    .orderBy(desc(journals.createdAt), desc(journals.id))
    .limit(options.limit + 1)

  const page = toPage(rows, options.limit, (row) => ({ at: row.cursorAt, id: row.id }))
  return {
    items: await toTransactionResponses(db, userId, page.items),
    nextCursor: page.nextCursor,
  }
}
