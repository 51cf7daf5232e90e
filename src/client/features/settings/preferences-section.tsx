import { Moon, SlidersHorizontal, Sun } from 'lucide-react'
import { useId } from 'react'
import { CurrencySelect } from '#client/components/currency-select.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { type OptionCard, OptionCards } from '#client/components/ui/option-cards.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { useCurrencies } from '#client/entities/wallets/use-currencies.ts'
import { setDataSaver, useDataSaver } from '#client/lib/data-saver.ts'
import { LANGUAGES } from '#shared/languages.ts'
import type { Settings } from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useUpdateSettings } from '../../entities/settings/use-update-settings.ts'
import { SettingRow, SettingsCard } from './settings-card.tsx'
import { SwitchRow } from './switch-row.tsx'
import type { Theme } from './theme.ts'

type Language = Settings['language']

const LANGUAGE_NAME_KEYS = {
  en: 'languageEn',
  fr: 'languageFr',
  es: 'languageEs',
  ha: 'languageHa',
} as const satisfies Record<Language, string>

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

/**
 * Language (the header's selector is the same setting), currency display, theme and data saver.
 * The first three are the account's, saved on the server; data saver is this device's alone.
 */
export function PreferencesSection({ settings }: { settings: Settings }) {
  const t = useSettingsMessages()
  const save = useUpdateSettings()
  const dataSaver = useDataSaver()
  const currencies = useCurrencies({ enabled: true })
  const languageId = useId()
  const currencyId = useId()
  const themeLabelId = useId()
  const currencyList = (currencies.data ?? []).filter((currency) => currency.isActive)
  const selectedCurrency = currencyList.find(
    (currency) => currency.code === settings.displayCurrency,
  )
  const themeOptions: readonly OptionCard<Theme>[] = [
    { value: 'light', label: t('themeLight'), hint: t('themeLightText'), icon: Sun },
    { value: 'dark', label: t('themeDark'), hint: t('themeDarkText'), icon: Moon },
  ]

  return (
    <SettingsCard
      icon={SlidersHorizontal}
      title={t('preferences')}
      description={t('preferencesText')}
    >
      <div className="grid gap-5 py-4 sm:grid-cols-2">
        <div className="grid grid-cols-1 content-start gap-2">
          <Label htmlFor={languageId}>{t('language')}</Label>
          <Select
            value={settings.language}
            onValueChange={(value) => {
              if (isLanguage(value)) save.mutate({ change: { language: value } })
            }}
          >
            <SelectTrigger id={languageId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LANGUAGES.map((code) => (
                <SelectItem key={code} value={code}>
                  {t(LANGUAGE_NAME_KEYS[code])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-1 content-start gap-2">
          <CurrencySelect
            id={currencyId}
            label={t('displayCurrency')}
            placeholder={settings.displayCurrency}
            currencies={currencyList}
            value={selectedCurrency?.id ?? null}
            showName
            onChange={(id) => {
              const chosen = currencyList.find((currency) => currency.id === id)
              if (chosen) save.mutate({ change: { displayCurrency: chosen.code } })
            }}
          />
          <p className="text-xs text-muted-foreground">{t('displayCurrencyHint')}</p>
        </div>
      </div>
      <SettingRow label={t('theme')} labelId={themeLabelId} stacked>
        <div role="radiogroup" aria-labelledby={themeLabelId}>
          <OptionCards
            name="theme"
            value={settings.theme}
            options={themeOptions}
            onChange={(value) => save.mutate({ change: { theme: value } })}
          />
        </div>
      </SettingRow>
      {/* Not a server setting: data is dear on one phone and not on another, so the choice is
          kept on this device (src/client/lib/data-saver.ts) and takes effect at once. */}
      <SwitchRow
        label={t('dataSaver')}
        description={t('dataSaverText')}
        checked={dataSaver}
        onCheckedChange={setDataSaver}
      />
    </SettingsCard>
  )
}
