import { and, desc, eq, getTableColumns } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { disputes } from '#server/db/schema.ts'
import type { DisputePage } from '#shared/schemas/disputes.ts'
import type { PageQuery } from '#shared/schemas/pages.ts'
import { toDisputeResponses } from './dispute-responses.ts'

/**
 * The customer's own reports, newest first, a page at a time (keyset on created_at and id, as
 * every list: docs/api.md "Pagination"), each with the transaction it is about.
 */
export async function listDisputes(
  db: Queryable,
  userId: string,
  options: PageQuery,
): Promise<DisputePage> {
  const after = options.cursor ? decodeCursor(options.cursor, 'uuid') : undefined
  const rows = await db
    .select({
      ...getTableColumns(disputes),
      cursorAt: exactTimestamp(disputes.createdAt).as('cursor_at'),
    })
    .from(disputes)
    .where(and(eq(disputes.userId, userId), olderThan(disputes.createdAt, disputes.id, after)))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(options.limit + 1)
  const page = toPage(rows, options.limit, (row) => ({ at: row.cursorAt, id: row.id }))
  return {
    items: await toDisputeResponses(db, userId, page.items),
    nextCursor: page.nextCursor,
  }
}
