import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/international.json'

export const useInternationalMessages = defineMessages('international', messages)
