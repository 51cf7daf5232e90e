import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { DISPUTES_QUERY_KEY } from '#client/entities/disputes/use-disputes.ts'
import { TRANSACTIONS_QUERY_KEY } from '#client/entities/transactions/use-transactions.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { settledHere } from '#client/lib/settled-here.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { MONEY_KINDS, notificationSchema } from '#shared/schemas/notifications.ts'
import { describeNotification } from './describe-notification.ts'
import { useNotificationMessages } from './messages.ts'
import { NOTIFICATIONS_QUERY_KEY } from './use-notifications.ts'

/** Events already acted on, so one delivered twice (a reconnect's replay) is acted on once. */
const SEEN_MAX = 200

/**
 * The live stream (docs/notifications.md "Live"): while a user is signed in, GET /api/events
 * pushes each new event; the bell is refreshed, and when money moved the app refetches balances
 * and history at once and says so in a toast. This is the one exception to "no refetch, no polling": the server pushes; the client
 * never asks on a timer. EventSource reconnects by itself, sending Last-Event-ID.
 */
export function LiveUpdates() {
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const t = useNotificationMessages()

  useEffect(() => {
    if (!isAuthenticated || typeof EventSource === 'undefined') return
    const seen = new Set<string>()
    const source = new EventSource('/api/events', { withCredentials: true })
    source.addEventListener('notification', (event) => {
      let raw: unknown
      try {
        raw = JSON.parse(String(event.data))
      } catch {
        return
      }
      const parsed = notificationSchema.safeParse(raw)
      if (!parsed.success || seen.has(parsed.data.id)) return
      seen.add(parsed.data.id)
      if (seen.size > SEEN_MAX) {
        const oldest = seen.values().next().value
        if (oldest !== undefined) seen.delete(oldest)
      }
      const data = parsed.data.data
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY })
      if (data.kind === 'dispute_opened' || data.kind === 'dispute_updated') {
        // A report moved: My reports and the "Reported" marks of the history follow it.
        void queryClient.invalidateQueries({ queryKey: DISPUTES_QUERY_KEY })
        void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY })
        // Staff's answer is news; "received" is the answer to what the user just did here.
        if (data.kind === 'dispute_updated') toast({ title: describeNotification(data, t).body })
        return
      }
      if (!MONEY_KINDS.has(data.kind)) return
      void refetchMoneyLists(queryClient)
      if ('transactionId' in data && settledHere(data.transactionId)) return
      // Only money gets a toast: a security alert is usually the answer to what the user just
      // did here (a password change), whose own toast it must not replace (one toast at a time);
      // it waits under the bell, and goes by e-mail too.
      toast({ title: describeNotification(data, t).body })
    })
    return () => source.close()
  }, [isAuthenticated, queryClient, t])

  return null
}
