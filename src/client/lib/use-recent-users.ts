import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { userSearchResultSchema } from '#shared/schemas/money-requests.ts'

const recentUsersSchema = userSearchResultSchema.array()

async function fetchRecentUsers() {
  return recentUsersSchema.parse(await apiRequest('GET', '/api/users/recent'))
}

/**
 * The other Sabi users this user has sent money to, most recent first (`GET /api/users/recent`).
 * The transfer options screen and the Sabi transfer form offer the same list, so they share one
 * query and one cache entry (also kept for offline reading, docs/offline.md).
 */
export function useRecentUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ['/api/users/recent'], queryFn: fetchRecentUsers, enabled })
}
