import { formatDate } from '#client/lib/format-date.ts'
import type { Card } from '#shared/schemas/card.ts'

export type CardRequest = Card['requests'][number]

/** The newest outstanding request of a kind (the server lists them newest first). */
export function latestRequest(card: Card, kind: CardRequest['kind']): CardRequest | undefined {
  return card.requests.find((request) => request.kind === kind && request.status === 'requested')
}

/** "Dec 1": a delivery day. The server counts business days in UTC, so the day is read in UTC. */
export function formatDeliveryDay(iso: string, language: string): string {
  return formatDate(iso, 'day', { language, timeZone: 'UTC' })
}
