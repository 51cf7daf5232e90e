import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearch } from 'wouter'
import { apiRequest } from '#client/lib/api.ts'
import { type UserSearchResult, userSearchResultSchema } from '#shared/schemas/money-requests.ts'

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * `/sabi-transfer?to=<user id>` (from a recent recipient on the transfer options screen) opens
 * the form with that user already chosen: the user is looked up once and handed to `choose`.
 */
export function useRequestedRecipient(
  enabled: boolean,
  choose: (user: UserSearchResult) => void,
): void {
  const requested = new URLSearchParams(useSearch()).get('to') ?? ''
  const valid = USER_ID.test(requested)
  const user = useQuery({
    queryKey: ['/api/users', requested],
    queryFn: async () =>
      userSearchResultSchema.parse(
        await apiRequest('GET', `/api/users/${encodeURIComponent(requested)}`),
      ),
    enabled: enabled && valid,
  })
  const applied = useRef('')
  useEffect(() => {
    if (!user.data || applied.current === user.data.id) return
    applied.current = user.data.id
    choose(user.data)
  }, [user.data, choose])
}
