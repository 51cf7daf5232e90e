import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/pos.json'

export const usePosMessages = defineMessages('pos', messages)
