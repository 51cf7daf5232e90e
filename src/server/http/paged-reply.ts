import type { FastifyReply } from 'fastify'
import { NEXT_CURSOR_HEADER } from '#shared/schemas/pages.ts'

/**
 * Answers a page of a list that the API returns as a plain JSON array (as it did before it was
 * paged): the rows in the body, the next page's cursor in the X-Next-Cursor header.
 */
export function sendPage<Item>(
  reply: FastifyReply,
  page: { items: Item[]; nextCursor: string | null },
): Item[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor)
  return page.items
}
