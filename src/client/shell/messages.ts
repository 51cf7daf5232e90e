import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/shell.json'

export const useShellMessages = defineMessages('shell', messages)
