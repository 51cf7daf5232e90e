import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/bankTransfer.json'

export const useBankTransferMessages = defineMessages('bankTransfer', messages)
