import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/accountFreeze.json'

/** A frozen account (docs/security.md "Freezing"): its banner, unfreezing, and the alert's link. */
export const useAccountFreezeMessages = defineMessages('accountFreeze', messages)
