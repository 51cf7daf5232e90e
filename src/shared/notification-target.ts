import type { NotificationData } from './schemas/notifications.ts'

/**
 * The page a notification about a transaction opens: that transaction's details
 * (`/transactions/:id` in `client-routes.ts`), for the bell's list and for a push that is tapped
 * alike (docs/notifications.md "Opening a notification"). An event about the account rather than
 * a transaction opens nothing of its own: undefined.
 */
export function transactionPathOf(data: NotificationData): string | undefined {
  if (!('transactionId' in data)) return undefined
  return `/transactions/${encodeURIComponent(data.transactionId)}`
}
