import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/stepUp.json'

/** The password and code every credential change asks again (docs/security.md "Step-up"). */
export const useStepUpMessages = defineMessages('stepUp', messages)
