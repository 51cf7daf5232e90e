import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { setLanguage } from '#client/i18n/i18n.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useSettings } from '../../entities/settings/use-settings.ts'
import { applyTheme, storedTheme } from './theme.ts'

/**
 * Mounted once at the root: keeps the page's theme and language in step with the settings the
 * server holds for the signed-in user. Before they arrive the page wears the theme this device
 * last showed (set in main.tsx before the first paint). A visitor's landing page is always
 * light: it is the marketing page, designed in one theme.
 */
export function SettingsSync() {
  const { isAuthenticated, isLoading } = useAuth()
  const [location] = useLocation()
  const settings = useSettings()
  const theme = isAuthenticated ? settings.data?.theme : undefined
  const savedLanguage = isAuthenticated ? settings.data?.language : undefined
  const visitorOnLanding = !isLoading && !isAuthenticated && location === '/'

  useEffect(() => {
    if (theme) applyTheme(theme, { remember: true })
    else if (visitorOnLanding) applyTheme('light', { remember: false })
    else if (!isLoading && !isAuthenticated) applyTheme(storedTheme(), { remember: false })
  }, [theme, visitorOnLanding, isLoading, isAuthenticated])

  // The server's language wins over this device's last choice once the user is known; the
  // header selector and the Settings page both save to the server, so they stay one setting.
  // Only a change of the saved value acts: a choice being saved is already on screen.
  useEffect(() => {
    if (savedLanguage) void setLanguage(savedLanguage)
  }, [savedLanguage])

  return null
}
