import { defineMessages } from '#client/i18n/i18n.ts'

/** The public receipt check at /verify (docs/receipts.md). */
export const useReceiptMessages = defineMessages('receipts', {
  title: 'Check a Sabi receipt',
  description:
    'Every Sabi receipt carries a verification code. Enter it to see whether the receipt is genuine.',
  codeLabel: 'Verification code',
  codePlaceholder: 'e.g. 7F3A-9C2E-11B0-4D8A',
  codeRequired: 'Enter the code printed on the receipt',
  check: 'Check receipt',
  checking: 'Checking...',
  genuineTitle: 'Genuine Sabi receipt',
  genuineText:
    'This code belongs to a real Sabi payment. Compare every detail with the receipt you were shown.',
  amount: 'Amount',
  fee: 'Fee',
  status: 'Status',
  date: 'Date',
  reference: 'Reference',
  payer: 'From',
  payee: 'To',
  statusCompleted: 'Completed',
  statusPending: 'Pending',
  statusFailed: 'Failed (the money went back)',
  notFoundTitle: 'No receipt has this code',
  notFoundText:
    'The receipt may not be genuine. Do not hand over goods until the money shows in your own Sabi account.',
  failedTitle: "Couldn't check the receipt",
  failedText: 'Please try again in a moment.',
  homeLink: 'Sabi home',
} as const)
