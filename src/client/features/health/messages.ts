import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/health.json'

/** Strings of the /test health-check page. */
export const useHealthMessages = defineMessages('health', messages)
