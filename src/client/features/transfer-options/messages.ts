import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/transferOptions.json'

export const useTransferOptionsMessages = defineMessages('transferOptions', messages)
