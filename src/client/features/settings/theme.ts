import type { Settings } from '#shared/schemas/account.ts'

export type Theme = Settings['theme']

const STORAGE_KEY = 'sabi.theme'

// The settings schema's themes, named again here because the schema's module brings zod, which
// the app's entry does without (docs/performance.md "Page weight"). Typed by the schema, so a
// theme added there or removed is a compile error here until this list follows.
const THEMES: Record<Theme, true> = { light: true, dark: true }

function isTheme(value: string | null): value is Theme {
  return value !== null && Object.hasOwn(THEMES, value)
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
