import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/moneyAction.json'

/** The review, PIN and receipt steps every outgoing money action shares. */
export const useMoneyActionMessages = defineMessages('moneyAction', messages)
