import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { notificationsPageSchema, unreadCountSchema } from '#shared/schemas/notifications.ts'

/** The first page of the notification centre; the live stream invalidates it. */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const

async function fetchNotifications() {
  return notificationsPageSchema.parse(await apiRequest('GET', '/api/notifications'))
}

/** The bell's count and list (docs/notifications.md "Notification centre"). */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: NOTIFICATIONS_QUERY_KEY, queryFn: fetchNotifications, enabled })
}

/** Marks every notification read, then shows the count the server answers. */
export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      unreadCountSchema.parse(await apiRequest('POST', '/api/notifications/read', {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  })
}
