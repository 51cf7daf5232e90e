import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/crypto.json'

export const useCryptoMessages = defineMessages('crypto', messages)
