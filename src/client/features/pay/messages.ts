import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/pay.json'

export const usePayMessages = defineMessages('pay', messages)
