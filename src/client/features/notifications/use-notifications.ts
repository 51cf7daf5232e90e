import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { notificationsPageSchema, unreadCountSchema } from '#shared/schemas/notifications.ts'

/** The notification centre's pages; the live stream invalidates them. */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const

const FIRST_PAGE: string | null = null

async function fetchNotifications(cursor: string | null) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''
  return notificationsPageSchema.parse(await apiRequest('GET', `/api/notifications${query}`))
}

/**
 * The bell's count and list (docs/notifications.md "Notification centre"): the newest 20, and
 * older ones 20 at a time when asked. The unread count is the first page's, the newest answer.
 */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled,
  })
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

/** Marks the named notifications read (one the user opened), then shows the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (ids: string[]) =>
      unreadCountSchema.parse(await apiRequest('POST', '/api/notifications/read', { ids })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  })
}
