import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/statements.json'

/** Statements of account: downloading one, and checking one (docs/statements.md). */
export const useStatementMessages = defineMessages('statements', messages)
