import { THEMES } from '#shared/schemas/account.ts'

export type Theme = (typeof THEMES)[number]

const STORAGE_KEY = 'sabi.theme'

function isTheme(value: string | null): value is Theme {
  return value !== null && (THEMES as readonly string[]).includes(value)
}

/** The theme this device last showed, so the first paint of the next visit already wears it. */
export function storedTheme(): Theme {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null
    return isTheme(value) ? value : 'light'
  } catch {
    return 'light'
  }
}

/**
 * Shows a theme: the `dark` class on <html> switches the colour variables of styles.css and
 * every `dark:` variant. With `remember`, the choice is also kept for the next first paint.
 */
export function applyTheme(theme: Theme, { remember }: { remember: boolean }) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  if (!remember) return
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, theme)
  } catch {
    // Private browsing can refuse storage; the theme still holds for this visit.
  }
}
