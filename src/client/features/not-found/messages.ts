import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/notFound.json'

export const useNotFoundMessages = defineMessages('notFound', messages)
