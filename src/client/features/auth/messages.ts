import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/auth.json'

export const useAuthMessages = defineMessages('auth', messages)
