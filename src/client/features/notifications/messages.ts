import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/notifications.json'

export const useNotificationMessages = defineMessages('notifications', messages)
