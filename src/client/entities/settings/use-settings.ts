import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { type Settings, settingsSchema } from '#shared/schemas/account.ts'

/** The signed-in user's settings (GET /api/settings); the dashboard and the theme read it too. */
export const SETTINGS_QUERY_KEY = ['/api/settings'] as const

async function fetchSettings(): Promise<Settings> {
  return settingsSchema.parse(await apiRequest('GET', '/api/settings'))
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
