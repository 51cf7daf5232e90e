import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { cards } from '#server/db/schema.ts'
import type { CardRow } from './find-or-issue-card.ts'

/** Lock or unlock, contactless and online payments, and the card's look; all persist. */
export async function updateCard(
  db: Queryable,
  card: CardRow,
  input: { locked?: boolean; contactless?: boolean; online?: boolean; theme?: string },
): Promise<CardRow> {
  const [row] = await db
    .update(cards)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(cards.id, card.id))
    .returning()
  return row ?? card
}
