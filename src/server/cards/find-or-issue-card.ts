import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { cardRequests, cards, journals, users } from '#server/db/schema.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import {
  CARD_SPENDING_CURRENCY,
  CARD_SPENDING_LIMIT,
  CARD_THEMES,
  type Card,
} from '#shared/schemas/card.ts'
import { newCardNumber } from './card-number.ts'

export type CardRow = typeof cards.$inferSelect

/** The journal type of a payment made with the card (none exist until card payments do). */
export const CARD_PAYMENT_TYPE = 'card_payment'
const CARD_YEARS_VALID = 4
const CARD_TRANSACTIONS_LIMIT = 20

/**
 * The user's virtual card, issued at the first ask: a Luhn-valid number on a test BIN, valid
 * for four years, with number and CVV sealed. Two first asks at once issue one card (the
 * unique index on the user decides; the loser reads the winner's).
 */
export async function findOrIssueCard(
  db: Queryable,
  sealer: Sealer,
  userId: string,
  now = new Date(),
): Promise<CardRow> {
  const [existing] = await db.select().from(cards).where(eq(cards.userId, userId))
  if (existing) return existing
  const { number, cvv } = newCardNumber()
  await db
    .insert(cards)
    .values({
      userId,
      numberSealed: sealer.seal(number),
      cvvSealed: sealer.seal(cvv),
      last4: number.slice(-4),
      expiryMonth: now.getUTCMonth() + 1,
      expiryYear: now.getUTCFullYear() + CARD_YEARS_VALID,
    })
    .onConflictDoNothing({ target: cards.userId })
  const [card] = await db.select().from(cards).where(eq(cards.userId, userId))
  if (!card) throw new Error('card was neither found nor issued')
  return card
}

/**
 * The card as its holder sees it: controls, theme, requests, and spending from the ledger (the
 * user's card-payment journals this calendar month, in the limit's currency).
 */
export async function toCardResponse(
  db: Queryable,
  card: CardRow,
  now = new Date(),
): Promise<Card> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [[holder], requests, payments, [spent]] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(eq(users.id, card.userId)),
    db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.cardId, card.id))
      .orderBy(desc(cardRequests.createdAt)),
    db
      .select()
      .from(journals)
      .where(and(eq(journals.fromUserId, card.userId), eq(journals.type, CARD_PAYMENT_TYPE)))
      .orderBy(desc(journals.createdAt))
      .limit(CARD_TRANSACTIONS_LIMIT),
    db
      .select({ totalMinor: sql<string>`coalesce(sum(${journals.amountMinor}), 0)::text` })
      .from(journals)
      .where(
        and(
          eq(journals.fromUserId, card.userId),
          eq(journals.type, CARD_PAYMENT_TYPE),
          eq(journals.asset, CARD_SPENDING_CURRENCY),
          gte(journals.createdAt, monthStart),
        ),
      ),
  ])
  const holderName =
    [holder?.firstName, holder?.lastName].filter(Boolean).join(' ') || holder?.username || ''
  return {
    id: card.id,
    holderName: holderName.toUpperCase(),
    last4: card.last4,
    maskedNumber: `•••• •••• •••• ${card.last4}`,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    status: card.locked ? 'locked' : 'active',
    contactless: card.contactless,
    online: card.online,
    theme: CARD_THEMES.find((theme) => theme === card.theme) ?? 'rainbow',
    spendingLimit: CARD_SPENDING_LIMIT,
    spendingCurrency: CARD_SPENDING_CURRENCY,
    monthlySpending: formatMinor(BigInt(spent?.totalMinor ?? '0'), 2),
    transactions: payments.map((journal) => ({
      id: journal.id,
      description: journal.description,
      amount: formatMinor(
        journal.amountMinor,
        isAssetCode(journal.asset) ? exponentOf(journal.asset) : 2,
      ),
      currency: journal.asset,
      status: journal.status,
      createdAt: journal.createdAt.toISOString(),
    })),
    requests: requests.map((request) => ({
      id: request.id,
      kind: request.kind === 'physical' ? 'physical' : 'replacement',
      status: request.status,
      details: stringFieldsOf(request.details),
      estimatedFrom: request.estimatedFrom.toISOString(),
      estimatedTo: request.estimatedTo.toISOString(),
      createdAt: request.createdAt.toISOString(),
    })),
  }
}
