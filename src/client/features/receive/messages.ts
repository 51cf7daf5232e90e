import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/receive.json'

export const useReceiveMessages = defineMessages('receive', messages)
