import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/landing.json'

/** English strings of the landing page (docs/screens.md "Landing page"). */
export const useLandingMessages = defineMessages('landing', messages)
