import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/bills.json'

export const useBillMessages = defineMessages('bills', messages)
