import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/phone.json'

/** Strings of verifying a phone number by SMS code (docs/phone-numbers.md), at sign-up and on the profile. */
export const usePhoneMessages = defineMessages('phone', messages)
