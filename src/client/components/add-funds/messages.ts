import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/funding.json'

export const useFundingMessages = defineMessages('funding', messages)
