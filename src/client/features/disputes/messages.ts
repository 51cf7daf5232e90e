import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/disputes.json'

/** Reporting a problem with a transaction, and the customer's reports (docs/disputes.md). */
export const useDisputeMessages = defineMessages('disputes', messages)
