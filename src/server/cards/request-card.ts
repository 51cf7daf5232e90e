import type { Queryable } from '#server/db/client.ts'
import { cardRequests } from '#server/db/schema.ts'
import { CARD_DELIVERY_BUSINESS_DAYS } from '#shared/schemas/card.ts'
import type { CardRow } from './find-or-issue-card.ts'

/** `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from)
  let left = days
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1)
    const weekday = date.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return date
}

/**
 * Records a replacement request or a physical card order, with the 5-7 business-day window
 * the card page shows (docs/account.md "Card").
 */
export async function requestCard(
  db: Queryable,
  card: CardRow,
  kind: 'replacement' | 'physical',
  details: Record<string, string>,
  now = new Date(),
): Promise<void> {
  const [fastest, slowest] = CARD_DELIVERY_BUSINESS_DAYS
  await db.insert(cardRequests).values({
    cardId: card.id,
    kind,
    details,
    estimatedFrom: addBusinessDays(now, fastest),
    estimatedTo: addBusinessDays(now, slowest),
    createdAt: now,
  })
}
