import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/schedule.json'

/** Choosing when a transfer runs, and saying it back (docs/scheduled-transfers.md). */
export const useScheduleMessages = defineMessages('schedule', messages)
