import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/scheduledTransfers.json'

/** The user's scheduled transfers and each one's runs (docs/scheduled-transfers.md). */
export const useScheduledTransferMessages = defineMessages('scheduledTransfers', messages)
