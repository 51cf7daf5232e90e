import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/logoSample.json'

/** Strings of /logo-sample, which compares the two logo designs (docs/screens.md "Routes"). */
export const useLogoSampleMessages = defineMessages('logoSample', messages)
