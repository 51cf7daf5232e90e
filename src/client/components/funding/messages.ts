import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/fundingAccount.json'

export const useFundingAccountMessages = defineMessages('fundingAccount', messages)
