import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/demo.json'

/** Strings of the demo dashboards (/dashboard and /minimal), which show sample data only. */
export const useDemoMessages = defineMessages('demo', messages)
