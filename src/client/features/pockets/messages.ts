import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/pockets.json'

/** Savings pockets (docs/pockets.md). */
export const usePocketMessages = defineMessages('pockets', messages)
