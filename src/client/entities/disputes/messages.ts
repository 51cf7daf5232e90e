import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/disputeStatus.json'

/**
 * Where a customer's report stands, in a word or two: the history's "Reported" badge and the
 * reports' status badges. Kept apart from the report screens' own texts, so the history carries
 * only these.
 */
export const useDisputeStatusMessages = defineMessages('disputeStatus', messages)
