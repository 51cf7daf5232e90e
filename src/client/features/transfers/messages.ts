import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/transfers.json'

export const useTransferMessages = defineMessages('transfers', messages)
