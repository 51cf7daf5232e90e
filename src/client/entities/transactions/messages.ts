import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/transactions.json'

export const useTransactionMessages = defineMessages('transactions', messages)
