import { ChevronDown, Globe } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useLanguage } from '#client/i18n/language.ts'
import { LANGUAGE_NAME_KEYS } from './language-names.ts'
import { useShellMessages } from './messages.ts'

/**
 * The header's language button: the globe and the current code (docs/screens.md "Header"). It is
 * the menu's trigger, and stands in for the menu until its code has loaded (deferred-menu.tsx).
 */
export function LanguageButton(props: ComponentProps<'button'>) {
  const t = useShellMessages()
  const language = useLanguage()
  return (
    <button
      type="button"
      aria-label={t('languageChoice', { language: t(LANGUAGE_NAME_KEYS[language]) })}
      className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...props}
    >
      <Globe className="size-4" aria-hidden="true" />
      <span>{language.toUpperCase()}</span>
      {/* On the narrowest phones the chevron gives its room to the sandbox badge. */}
      <ChevronDown className="size-3.5 max-[379px]:hidden" aria-hidden="true" />
    </button>
  )
}
