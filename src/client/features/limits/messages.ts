import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/limits.json'

/** The Limits page and the tier-3 form (docs/limits.md). */
export const useLimitsMessages = defineMessages('limits', messages)
