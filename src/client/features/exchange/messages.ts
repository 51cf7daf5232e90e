import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/exchange.json'

export const useExchangeMessages = defineMessages('exchange', messages)
