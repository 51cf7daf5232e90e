import { useQuery } from '@tanstack/react-query'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { apiRequest } from '#client/lib/api.ts'
import type { Settings } from '#shared/schemas/account.ts'

/** The signed-in user's settings (GET /api/settings); the dashboard and the theme read it too. */
export const SETTINGS_QUERY_KEY = ['/api/settings'] as const

// The schema (and zod with it) loads beside the request, so it is not in the app's entry
// (docs/performance.md "Page weight").
async function fetchSettings(): Promise<Settings> {
  const [body, { settingsSchema }] = await Promise.all([
    apiRequest('GET', '/api/settings'),
    import('#shared/schemas/account.ts'),
  ])
  return settingsSchema.parse(body)
}

/** The settings of the signed-in user; nothing is requested for a visitor. */
export function useSettings() {
  const { isAuthenticated } = useAuth()
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: fetchSettings,
    enabled: isAuthenticated,
  })
}
