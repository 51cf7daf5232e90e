import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/topUp.json'

export const useTopUpMessages = defineMessages('topUp', messages)
