import type { DeferredMenuProps } from '#client/components/deferred-menu.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { useUpdateSettings } from '#client/entities/settings/use-update-settings.ts'
import { setLanguage } from '#client/i18n/i18n.ts'
import { LANGUAGES, type Language, useLanguage } from '#client/i18n/language.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { LanguageButton } from './language-button.tsx'
import { LANGUAGE_NAME_KEYS } from './language-names.ts'
import { useShellMessages } from './messages.ts'

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The header's EN / FR / ES / HA selector (docs/screens.md "Header"). It is the same setting as the
 * language on the Settings page: for a signed-in user the choice is saved on the server too, so it
 * follows them to other devices and comes back after signing in again.
 */
export function LanguageMenu({ defaultOpen }: DeferredMenuProps) {
  const t = useShellMessages()
  const language = useLanguage()
  const { isAuthenticated } = useAuth()
  const saveSettings = useUpdateSettings()
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          {t('language')}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (!isLanguage(value)) return
            void setLanguage(value)
            if (isAuthenticated) saveSettings.mutate({ change: { language: value }, quiet: true })
          }}
        >
          {LANGUAGES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code}>
              <span className="w-7 font-semibold">{code.toUpperCase()}</span>
              <span className="text-muted-foreground">{t(LANGUAGE_NAME_KEYS[code])}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
