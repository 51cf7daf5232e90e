import { z } from 'zod'

/** A list answered as a JSON array names its next page here (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
/** The most rows any page holds. */
export const PAGE_MAX_LIMIT = 100

/**
 * `?limit=&cursor=` of a keyset-paged list: at most PAGE_MAX_LIMIT rows, and a cursor that is
 * only ever one this server handed out (checked, not trusted, by the server's keyset-page).
 */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limitNumber' })
      .int('limitWholeNumber')
      .min(1, 'limitLeast1')
      .max(PAGE_MAX_LIMIT, 'limitMostMax')
      .default(defaultLimit),
    cursor: z.string().max(200, 'invalidCursor').optional(),
  })
}
export type PageQuery = { limit: number; cursor?: string | undefined }
