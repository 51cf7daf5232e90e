import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/dashboard.json'

export const useDashboardMessages = defineMessages('dashboard', messages)
