import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/receipts.json'

/** The public receipt check at /verify (docs/receipts.md). */
export const useReceiptMessages = defineMessages('receipts', messages)
