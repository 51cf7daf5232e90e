import { defineMessages } from '#client/i18n/i18n.ts'

export const useTransactionMessages = defineMessages('transactions', {
  today: 'Today, {{time}}',
  yesterday: 'Yesterday, {{time}}',
  defaultDescription: '{{type}} transaction',
  amountWithFee: 'Amount: {{amount}} + Fee: {{fee}}',
} as const)
