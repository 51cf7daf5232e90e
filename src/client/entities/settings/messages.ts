import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/settings.json'

export const useSettingsMessages = defineMessages('settings', messages)
