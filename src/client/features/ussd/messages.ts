import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/ussd.json'

/** The sandbox USSD simulator (docs/ussd.md "Simulator"). */
export const useUssdMessages = defineMessages('ussd', messages)
