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

/**
 * The page any notification opens: a report's own page for news of a customer's report
 * (`/disputes/:id`, docs/disputes.md "Notifications"), a schedule's for a reminder or a missed
 * run (`/scheduled-transfers/:id`), else its transaction's, else nothing.
 */
export function notificationPathOf(data: NotificationData): string | undefined {
  if (data.kind === 'dispute_opened' || data.kind === 'dispute_updated') {
    return `/disputes/${encodeURIComponent(data.disputeId)}`
  }
  if (data.kind === 'scheduled_transfer_missed' || data.kind === 'scheduled_transfer_reminder') {
    return `/scheduled-transfers/${encodeURIComponent(data.scheduleId)}`
  }
  return transactionPathOf(data)
}
